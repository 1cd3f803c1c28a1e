/**
 * A CommonJS project's `require('commerce-mock')` loads the package (the exports map's `require` condition; Node ≥
 * 20.19 loads an ES module with require() when its graph has no top-level await) and starts a mock that answers.
 * Run in a child Node from the package root, where the package's name resolves to itself through its exports map.
 * Reads the build.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../../src/platform/package-files.ts';

const SCRIPT = `
const { startMock, createAdminClient, AdminError } = require('commerce-mock');
(async () => {
  const mock = await startMock();
  const health = await fetch(mock.url + '/__admin/health');
  console.log([typeof createAdminClient, typeof AdminError, health.status].join(' '));
  await mock.stop();
})();
`;

describe('require("commerce-mock")', () => {
  it('loads the package from CommonJS, and its startMock starts a mock that answers', () => {
    const printed = execFileSync(process.execPath, ['--input-type=commonjs', '-e', SCRIPT], { cwd: PACKAGE_ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(printed.trim()).toBe('function function 200');
  });
});
