// One mock for the whole run, in this process, on a free port of 127.0.0.1, state in memory. Its address and the
// default client's credentials go into the environment, which every test worker inherits.
const { startMock } = require('commerce-mock');

module.exports = async function startCommerceMock() {
  const mock = await startMock({ scenario: 'slow-payment' });
  globalThis.commerceMock = mock; // read back by mock-teardown.js (same process)
  process.env.COMMERCE_API_URL = `${mock.url}/v1`;
  process.env.COMMERCE_ADMIN_URL = `${mock.url}/__admin`;
  process.env.COMMERCE_CLIENT_ID = mock.credentials.clientId;
  process.env.COMMERCE_CLIENT_SECRET = mock.credentials.clientSecret;
};
