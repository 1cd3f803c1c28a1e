import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { checkedFetch, startCli, type Started } from '../support/cli.ts';
import { startValidatingProxy, type Proxy } from '../support/validating-proxy.ts';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

/** The shell block between the walk-through markers, verbatim. */
function walkthroughScript(): string {
  const section = /<!-- walkthrough:start -->\s*```sh\n([\s\S]*?)```\s*<!-- walkthrough:end -->/.exec(README);
  if (!section?.[1]) throw new Error('README has no walk-through block');
  return section[1];
}

/**
 * Run a script without blocking the event loop (the proxy in this process must keep serving), in a
 * non-interactive shell that reads no startup file, with only PATH and the given variables: a user's shell setup
 * (or /etc/bash.bashrc read under `set -u`) cannot break it.
 */
function runBash(script: string, variables: Record<string, string>): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const env = { PATH: process.env['PATH'] ?? '/usr/bin:/bin', ...variables };
    const child = spawn('bash', ['--noprofile', '--norc', '-euo', 'pipefail', '-c', script], { env, timeout: 30_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

let server: Started | undefined;
let proxy: Proxy | undefined;
afterEach(async () => {
  server?.child.kill('SIGKILL');
  await proxy?.close();
});

describe('README walk-through', () => {
  it('runs verbatim against a started server: a paid order and its payment, then its token revoked', async () => {
    server = await startCli(['--in-memory']);
    // curl talks to the mock through a proxy that checks every answer against the OpenAPI document.
    proxy = await startValidatingProxy(server.baseUrl);
    const run = await runBash(walkthroughScript(), { BASE: proxy.url });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const lines = run.stdout.trim().split('\n');
    const orderLine = lines.find((line) => line.startsWith('order '));
    expect(orderLine).toMatch(/^order ord_[A-Za-z0-9]{20}$/);
    const polls = lines.filter((line) => line.includes('"order":{')).map((line) => JSON.parse(line).data.status);
    expect(polls).toEqual(['PENDING', 'PENDING', 'PAID']);
    const payments = JSON.parse(lines[lines.length - 2] as string);
    expect(payments.data).toEqual([expect.objectContaining({ status: 'PAID', amount: 511, method: 'mpesa' })]);
    expect(JSON.parse(lines[lines.length - 1] as string)).toEqual({ data: { revoked: true } });
    const batch = JSON.parse(lines[1] as string);
    expect(batch.summary).toEqual({ created: 1, updated: 1 });
    // token, product, batch, customer, order, three polls, payments, revoke
    expect(proxy.checked()).toBe(10);
    // The script left no active token behind: a new one is the client's only one.
    const login = await checkedFetch(`${server.baseUrl}/v1/auth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_id: 'mock-client', client_secret: 'mock-secret' }),
    });
    const { access_token: fresh } = (login.body as { data: { access_token: string } }).data;
    const list = await checkedFetch(`${server.baseUrl}/v1/auth/token/list`, { headers: { Authorization: `Bearer ${fresh}` } });
    expect((list.body as { data: unknown[] }).data).toHaveLength(1);
  });
});
