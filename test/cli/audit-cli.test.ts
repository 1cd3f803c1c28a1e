/**
 * `commerce-mock audit` against a mock started in process: the naive client of examples/audit/ fails the gate naming
 * each error finding, the careful one passes it under flaky-network; the reports, `--json`, the usage errors; and
 * `coverage --require go-live` failing on an audit error, saying so.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mock } from '../../src/sdk/start-mock.ts';
import { runCli } from '../support/cli.ts';
import { startCheckedMock } from '../support/mock-helpers.ts';
import { AUDIT_CART, auditTenant, referenceClients, type AuditTenant } from '../support/audit-clients.ts';

let mock: Mock;
let dir = '';
let naive: AuditTenant;
let careful: AuditTenant;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'commerce-mock-audit-'));
  mock = await startCheckedMock({ logLevel: 'silent', tokens: { limitPolicy: 'revoke-oldest' } });
  const { runCarefulClient, runNaiveClient } = await referenceClients();
  naive = await auditTenant(mock, { scenario: 'order-paid' });
  await mock.admin.outcomes.arm('server.503', { clientId: naive.clientId, operation: 'createOrder' });
  await runNaiveClient({ baseUrl: mock.url, clientId: naive.clientId, clientSecret: naive.clientSecret, cart: AUDIT_CART });
  careful = await auditTenant(mock, { scenario: 'flaky-network' });
  await runCarefulClient({ baseUrl: mock.url, clientId: careful.clientId, clientSecret: careful.clientSecret, cart: AUDIT_CART, sleep: careful.sleep });
});
afterAll(async () => {
  await mock.stop();
  await rm(dir, { recursive: true, force: true });
});

const audit = (...args: string[]) => runCli(['audit', '--url', mock.url, ...args]);

describe('commerce-mock audit', () => {
  it('--fail-on error exits 1 naming each error of the naive client, and prints every finding with its evidence', async () => {
    const run = await audit('--client', naive.clientId, '--fail-on', 'error');
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(new RegExp(`^audit of ${naive.clientId}: \\d+ errors, \\d+ warnings?, 0 info; based on \\d+ requests, 0 deliveries and 0 drills\\n`));
    for (const id of ['token.churn', 'poll.tight', 'retry.ignores-retry-after', 'order.duplicate']) {
      expect(run.stdout).toContain(`✗ error   ${id}: `);
      expect(run.stderr).toContain(`${id} (error)`);
    }
    // A warning is printed, not named by the gate at error.
    expect(run.stdout).toContain('  warning poll.after-final: ');
    expect(run.stderr).not.toContain('poll.after-final');
    expect(run.stdout).toMatch(/ {4}evidence: requests req_/);
    expect(run.stderr).toContain(`npx commerce-mock audit --fail-on error --client ${naive.clientId} --url ${mock.url}`);
    expect(run.stdout + run.stderr).not.toContain(naive.clientSecret);
  });

  it('--fail-on warning names the warnings too', async () => {
    const run = await audit('--client', naive.clientId, '--fail-on', 'warning');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('poll.after-final (warning)');
  });

  it('the careful client under flaky-network passes the gate: exit 0, no finding', async () => {
    const run = await audit('--client', careful.clientId, '--fail-on', 'error');
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(run.stdout).toContain('no finding: the integration behaves as docs/audit.md asks');
  });

  it('--json prints the audit as the admin API answers it; --report writes JSON, Markdown and JUnit', async () => {
    const json = await audit('--client', naive.clientId, '--json');
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual(await naive.audit());
    const report = join(dir, 'report');
    const run = await audit('--client', naive.clientId, '--fail-on', 'error', '--report', report);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`reports in ${report}: audit-report.json, audit-report.md, audit-junit.xml`);
    expect(readFileSync(join(report, 'audit-report.md'), 'utf8')).toContain(`# Audit of \`${naive.clientId}\``);
    const junit = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(readFileSync(join(report, 'audit-junit.xml'), 'utf8')) as {
      testsuites: { testsuite: { testcase: Array<{ name: string; failure?: { message: string }; skipped?: { message: string } }> } };
    };
    const cases = junit.testsuites.testsuite.testcase;
    expect(cases.filter((one) => one.failure).map((one) => one.name).sort()).toEqual(
      (await naive.audit('error')).findings.map((finding) => finding.id).sort(),
    );
    expect(cases.find((one) => one.name === 'poll.after-final')?.skipped?.message).toMatch(/^warning: /);
    expect(cases.find((one) => one.name === 'secret.exposed')).toEqual({ name: 'secret.exposed', classname: 'commerce-mock.audit.secret', time: '0.000' });
  });

  it('usage problems exit 2 naming the flag or the client', async () => {
    const level = await audit('--fail-on', 'fatal');
    expect([level.code, level.stderr]).toEqual([2, 'commerce-mock audit: --fail-on: fatal; expected error or warning\n']);
    const unknown = await audit('--client', 'no-such-shop');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe(`commerce-mock audit: client no-such-shop is unknown to the mock at ${mock.url} (--client, or env COMMERCE_CLIENT_ID) [not_found]\n`);
  });
});

describe('commerce-mock coverage --require go-live', () => {
  it('also fails on an audit error, and says so', async () => {
    const run = await runCli(['coverage', '--url', mock.url, '--client', naive.clientId, '--require', 'go-live']);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/go-live also requires no audit error \(docs\/audit\.md\): \d+ found\n/);
    expect(run.stdout).toContain('  ✗ token.churn: ');
    expect(run.stderr).toContain('go-live also requires no audit error; ');
    expect(run.stderr).toContain(`(see: npx commerce-mock audit --client ${naive.clientId} --url ${mock.url})`);
  });

  it('says none was found for the careful client', async () => {
    const run = await runCli(['coverage', '--url', mock.url, '--client', careful.clientId, '--require', 'go-live']);
    expect(run.stdout).toContain('go-live also requires no audit error (docs/audit.md): none found\n');
    expect(run.stderr).not.toContain('audit error');
  });
});
