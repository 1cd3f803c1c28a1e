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

  it('bound to 0.0.0.0 (a container) without a token: loopback URLs a browser opens, and the env variable that unlocks the admin API', async () => {
    const result = await runCli(['start', '--in-memory', '--host', '0.0.0.0', '--port', '0', '--log-level', 'error'], { stopWhen: started });
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain('http://0.0.0.0');
    expect(result.stdout).toMatch(/^commerce-mock listening on http:\/\/127\.0\.0\.1:\d+ {2}\(bound to 0\.0\.0\.0: every interface\)\n/);
    expect(result.stdout).toMatch(
      /admin +http:\/\/127\.0\.0\.1:\d+\/__admin {2}\(locked: set env COMMERCE_MOCK_ADMIN_TOKEN=<8\+ characters> and restart, or --admin-token\)\n/,
    );
    expect(result.stdout).toMatch(/console +http:\/\/127\.0\.0\.1:\d+\/__admin\/ui\n/);
    expect(result.stdout).toMatch(/health +http:\/\/127\.0\.0\.1:\d+\/__admin\/health\n/);
  });

  it('bound to :: : the IPv6 loopback URL', async () => {
    const result = await runCli(['start', '--in-memory', '--host', '::', '--port', '0', '--log-level', 'error'], { stopWhen: started });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^commerce-mock listening on http:\/\/\[::1\]:\d+ {2}\(bound to ::: every interface\)\n/);
  });

  it('with the token from env COMMERCE_MOCK_ADMIN_TOKEN: says to send it as a bearer, and never prints it', async () => {
    const args = ['start', '--in-memory', '--host', '0.0.0.0', '--port', '0', '--log-level', 'error'];
    const result = await runCli(args, { stopWhen: started, env: { COMMERCE_MOCK_ADMIN_TOKEN: 'secret-admin-token' } });
    expect(result.stdout).toContain('/__admin  (send the admin token: Authorization: Bearer <token>; the console asks for it)\n');
    expect(result.stdout).not.toContain('--admin-token');
    expect(result.stdout + result.stderr).not.toContain('secret-admin-token');
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
