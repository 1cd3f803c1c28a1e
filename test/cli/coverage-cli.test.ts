/**
 * `commerce-mock coverage` against a running mock with a data file: the table, the gate (`--require` exits 1 naming
 * what is missing, 0 once it is met), the reports (the JUnit parses, one test case per required outcome), and the
 * coverage kept across kill -9.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { checkedFetch, runCli, startCli, type Started } from '../support/cli.ts';

let dir = '';
let running: Started | undefined;

afterAll(async () => {
  running?.child.kill('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

async function api(path: string, body?: unknown, token?: string): Promise<{ status: number; body: any }> {
  const answer = await checkedFetch(`${running!.baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: answer.status, body: answer.body as any };
}

const ORDER = { customer: { name: 'Ana', phone: '+258 84 000 0000' }, items: [{ name: 'Capulana', price: 350, quantity: 1 }] };

describe('commerce-mock coverage', () => {
  it('gates on required outcomes, writes reports, and keeps the coverage across kill -9', async () => {
    dir = await mkdtemp(join(tmpdir(), 'commerce-mock-coverage-'));
    const args = ['--data', join(dir, 'db.json'), '--seed-data', 'none'];
    running = await startCli(args);
    const required = join(dir, 'required.yaml');
    await writeFile(required, 'required: [tokens.issue.200, orders.create.*]\nhandled: [auth.token.expired]\n');
    const token = (await api('/v1/auth/token', { client_id: 'mock-client', client_secret: 'mock-secret' })).body.data.access_token as string;
    expect((await api('/v1/orders', ORDER, token)).status).toBe(201);

    const before = await runCli(['coverage', '--url', running.baseUrl, '--require', required, '--report', join(dir, 'before')]);
    expect(before.code).toBe(1);
    expect(before.stdout).toMatch(/^coverage of mock-client: 2 of \d+ outcomes met, 0 handled/);
    expect(before.stdout).toMatch(/orders {2}1\/\d+ met/);
    expect(before.stderr).toContain('orders.create.400.invalid_request (not met)');
    expect(before.stderr).toContain('auth.token.expired (not met)');
    expect(before.stderr).not.toContain('orders.create.201');
    const junit = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(readFileSync(join(dir, 'before', 'coverage-junit.xml'), 'utf8')) as {
      testsuites: { testsuite: { tests: string; failures: string; testcase: Array<{ name: string; failure?: { message: string } }> } };
    };
    const cases = junit.testsuites.testsuite.testcase;
    expect(cases.map((one) => one.name)).toContain('orders.create.201');
    expect(cases.find((one) => one.name === 'orders.create.201')?.failure).toBeUndefined();
    expect(cases.find((one) => one.name === 'auth.token.expired')?.failure?.message).toMatch(/^not met/);
    expect(Number(junit.testsuites.testsuite.failures)).toBe(cases.filter((one) => one.failure).length);
    expect(JSON.parse(readFileSync(join(dir, 'before', 'coverage-report.json'), 'utf8')).clientId).toBe('mock-client');
    expect(readFileSync(join(dir, 'before', 'coverage-report.md'), 'utf8')).toContain('# Outcome coverage of `mock-client`');
    expect(before.stdout).toContain(`\nreports in ${join(dir, 'before')}: coverage-report.json, coverage-report.md, coverage-junit.xml\n`);

    // What was missing, met: a 400, an expired token then a new one and a retry.
    expect((await api('/v1/orders', { items: [] }, token)).status).toBe(400);
    await fetch(`${running.baseUrl}/__admin/clients/mock-client/tokens/expire`, { method: 'POST' });
    expect((await api('/v1/orders', ORDER, token)).body.error).toBe('TOKEN_EXPIRADO');
    const fresh = (await api('/v1/auth/token', { client_id: 'mock-client', client_secret: 'mock-secret' })).body.data.access_token as string;
    expect((await api('/v1/orders', ORDER, fresh)).status).toBe(201);

    const after = await runCli(['coverage', '--url', running.baseUrl, '--require', required], { env: { COMMERCE_MOCK_ADMIN_TOKEN: 'an-admin-token-never-shown' } });
    expect(after.stderr).toBe('');
    expect(after.stdout).not.toContain('an-admin-token-never-shown');
    expect(after.code).toBe(0);
    expect(after.stdout).toContain('✓ handled  auth.token.expired');

    running.child.kill('SIGKILL');
    await running.exited;
    running = await startCli(args);
    const restarted = await runCli(['coverage', '--url', running.baseUrl, '--require', required]);
    expect(restarted.code).toBe(0);
    expect(restarted.stdout).toBe(after.stdout);
  }, 60_000);

  it('refuses a pattern that names no outcome, an unknown client and an unreachable mock (exit 2); go-live lists what is missing', async () => {
    const file = join(dir, 'typo.yaml');
    await writeFile(file, 'required: [auth.tokn.*]\n');
    const typo = await runCli(['coverage', '--url', running!.baseUrl, '--require', file]);
    expect([typo.code, typo.stderr]).toEqual([2, `commerce-mock coverage: ${file} names no outcome of the catalogue: auth.tokn.* (docs/outcomes.md)\n`]);
    const unknown = await runCli(['coverage', '--url', running!.baseUrl, '--client', 'nobody']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe(`commerce-mock coverage: client nobody is unknown to the mock at ${running!.baseUrl} (--client, or env COMMERCE_CLIENT_ID) [not_found]\n`);
    const unreachable = await runCli(['coverage', '--url', 'http://127.0.0.1:1']);
    expect([unreachable.code, unreachable.stderr]).toEqual([2, expect.stringContaining('the mock at http://127.0.0.1:1 cannot be reached')]);
    const notUrl = await runCli(['coverage', '--url', '127.0.0.1:4010']);
    expect([notUrl.code, notUrl.stderr]).toEqual([2, 'commerce-mock coverage: --url: expected the http(s) URL of a running mock such as http://127.0.0.1:4010, got "127.0.0.1:4010"\n']);
    const noClient = await runCli(['coverage', '--url', running!.baseUrl, '--client', '']);
    expect([noClient.code, noClient.stderr]).toEqual([2, 'commerce-mock coverage: --client: empty; expected a client id (default mock-client)\n']);
    const goLive = await runCli(['coverage', '--url', running!.baseUrl, '--require', 'go-live']);
    expect(goLive.code).toBe(1);
    expect(goLive.stderr).toContain('payer.INSUFFICIENT_BALANCE (not met)');
    expect(goLive.stderr).toContain('order.final.CANCELLED (not met)');
  }, 30_000);

  it('--report naming a file, or a path under one: exit 2 before the mock is asked, nothing written', async () => {
    const file = join(dir, 'not-a-folder');
    await writeFile(file, 'kept');
    const onFile = await runCli(['coverage', '--url', running!.baseUrl, '--report', file]);
    expect([onFile.code, onFile.stdout]).toEqual([2, '']);
    expect(onFile.stderr).toBe(`commerce-mock coverage: --report ${file}: a file is there; --report names a folder (made when missing) for coverage-report.json, coverage-report.md, coverage-junit.xml\n`);
    const under = await runCli(['coverage', '--url', running!.baseUrl, '--report', join(file, 'inside')]);
    expect(under.code).toBe(2);
    expect(under.stderr).toContain(`: ${file} is a file;`);
    const empty = await runCli(['coverage', '--url', running!.baseUrl, '--report', '']);
    expect([empty.code, empty.stderr]).toEqual([2, 'commerce-mock coverage: --report: empty; --report names a folder (made when missing) for coverage-report.json, coverage-report.md, coverage-junit.xml\n']);
    expect(readFileSync(file, 'utf8')).toBe('kept');
  });
});
