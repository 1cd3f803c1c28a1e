// Jest's global setup and teardown run in Node itself, where require('commerce-mock') loads the package (Node ≥
// 20.19); test files run in Jest's own module system, which on Node 20 and 22 cannot require an ES module, so they
// reach the mock over HTTP at the address the setup publishes.
module.exports = {
  testEnvironment: 'node',
  globalSetup: './mock-setup.js',
  globalTeardown: './mock-teardown.js',
};
