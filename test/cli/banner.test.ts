/** The start-up banner, read in process: where the API and the admin API are, and whether the admin API is locked. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.ts';

const started = (stdout: string) => stdout.includes('credentials');

describe('start-up banner', () => {
  it('on a loopback host: the admin URL, open', async () => {
    const result = await runCli(['start', '--in-memory', '--port', '0', '--log-level', 'error'], { stopWhen: started });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/admin +http:\/\/127\.0\.0\.1:\d+\/__admin\n/);
    expect(result.stdout).toMatch(/console +http:\/\/127\.0\.0\.1:\d+\/__admin\/ui\n/);
    expect(result.stdout).toMatch(/docs +http:\/\/127\.0\.0\.1:\d+\/docs\n/);
  });

  it('on another host without --admin-token: the admin URL, said to be locked', async () => {
    const result = await runCli(['start', '--in-memory', '--host', '0.0.0.0', '--port', '0', '--log-level', 'error'], { stopWhen: started });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/admin +http:\/\/0\.0\.0\.0:\d+\/__admin {2}\(locked: set --admin-token\)/);
  });

  it('on another host with --admin-token: the admin URL, said to need it', async () => {
    const args = ['start', '--in-memory', '--host', '0.0.0.0', '--port', '0', '--admin-token', 'secret-token', '--log-level', 'error'];
    const result = await runCli(args, { stopWhen: started });
    expect(result.stdout).toContain('/__admin  (needs the --admin-token bearer)');
  });

  it('prints the built-in clients\' documented secrets, never a secret from the configuration', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'commerce-mock-banner-'));
    const file = join(dir, 'mock.yaml');
    await writeFile(file, 'clients:\n  - { clientId: mock-client, clientSecret: mock-secret }\n  - { clientId: shop-two, clientSecret: shop-two-very-private }\n');
    try {
      const result = await runCli(['start', '--in-memory', '--port', '0', '--log-level', 'error', '--config', file], { stopWhen: started });
      expect(result.stdout).toContain('client_id=mock-client client_secret=mock-secret');
      expect(result.stdout).toContain('client_id=shop-two client_secret=*** (as configured)');
      expect(result.stdout + result.stderr).not.toContain('shop-two-very-private');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
