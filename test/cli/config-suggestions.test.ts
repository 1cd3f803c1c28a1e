/** A misspelt config key gets a suggestion, as a misspelt flag does; exit 2 names the file, the key and the fix. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'commerce-mock-config-keys-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function startWith(yaml: string) {
  const file = join(dir, 'mock.yaml');
  await writeFile(file, yaml);
  return { file, result: await runCli(['start', '--in-memory', '--port', '0', '--config', file]) };
}

describe('misspelt config keys', () => {
  it('ratelimit: did you mean rateLimit?', async () => {
    const { file, result } = await startWith('ratelimit:\n  limit: 5\n');
    expect([result.code, result.stderr]).toEqual([2, `commerce-mock: --config ${file}: ratelimit: unknown key; did you mean rateLimit?\n`]);
  });

  it('a nested key and a client key: the suggestion comes from the keys of that place', async () => {
    const { file, result } = await startWith('rateLimit:\n  limt: 5\nclients:\n  - { clientId: a, clientSecret: b, webhok: {} }\n');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`commerce-mock: --config ${file}: rateLimit.limt: unknown key; did you mean limit?\n`);
    expect(result.stderr).toContain(`commerce-mock: --config ${file}: clients.0.webhok: unknown key; did you mean webhook?\n`);
  });

  it('a key like none: the keys that place knows', async () => {
    const { file, result } = await startWith('tokens:\n  colour: blue\n');
    expect([result.code, result.stderr]).toEqual([2, `commerce-mock: --config ${file}: tokens.colour: unknown key (known here: ttlSeconds, maxActivePerClient, limitPolicy)\n`]);
  });

  it('a misspelt flag is still suggested by the command line', async () => {
    const result = await runCli(['start', '--rate-limt', '5']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('(Did you mean --rate-limit?)');
  });
});
