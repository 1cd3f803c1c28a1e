import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { startCli, type Started } from '../support/cli.ts';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

/** The shell block between the walk-through markers, verbatim. */
function walkthroughScript(): string {
  const section = /<!-- walkthrough:start -->\s*```sh\n([\s\S]*?)```\s*<!-- walkthrough:end -->/.exec(README);
  if (!section?.[1]) throw new Error('README has no walk-through block');
  return section[1];
}

let server: Started | undefined;
afterEach(() => server?.child.kill('SIGKILL'));

describe('README walk-through', () => {
  it('runs verbatim against a started server and ends with a paid order and its payment', async () => {
    server = await startCli(['--in-memory']);
    const run = spawnSync('bash', ['-euo', 'pipefail', '-c', walkthroughScript()], {
      env: { ...process.env, BASE: server.baseUrl },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const lines = run.stdout.trim().split('\n');
    const orderLine = lines.find((line) => line.startsWith('order '));
    expect(orderLine).toMatch(/^order ord_[A-Za-z0-9]{20}$/);
    const polls = lines.filter((line) => line.includes('"order":{')).map((line) => JSON.parse(line).data.status);
    expect(polls).toEqual(['PENDING', 'PENDING', 'PAID']);
    const payments = JSON.parse(lines[lines.length - 1] as string);
    expect(payments.data).toEqual([expect.objectContaining({ status: 'PAID', amount: 511, method: 'mpesa' })]);
    const batch = JSON.parse(lines[1] as string);
    expect(batch.summary).toEqual({ created: 1, updated: 1 });
  });
});
