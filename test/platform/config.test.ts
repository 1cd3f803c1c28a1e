import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { resolveConfig } from '../../src/cli/options.ts';
import { parseConfig } from '../../src/platform/config.ts';

describe('configuration', () => {
  it('defaults to the documented values (the token policy\'s are the tokens\' own: test/tokens/token-policy.test.ts)', () => {
    const result = resolveConfig({}, {});
    expect(result.ok && result.config).toEqual(
      expect.objectContaining({
        port: 4010,
        host: '127.0.0.1',
        data: '.commerce-mock/db.json',
        seed: 42,
        tokens: {},
        rateLimit: { enabled: true, limit: 100, windowSeconds: 60 },
      }),
    );
  });

  it('takes flags over env over the config file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'commerce-mock-config-'));
    const file = join(dir, 'mock.json');
    await writeFile(file, JSON.stringify({ port: 5000, tokens: { ttlSeconds: 10 }, rateLimit: { limit: 7 } }));
    const fromFile = resolveConfig({ config: file }, {});
    expect(fromFile.ok && [fromFile.config.port, fromFile.config.tokens.ttlSeconds, fromFile.config.rateLimit.limit]).toEqual([5000, 10, 7]);
    const overridden = resolveConfig({ config: file, port: 6000, tokenTtl: 20, rateLimit: 'off' }, { PORT: '5500' });
    expect(overridden.ok && [overridden.config.port, overridden.config.tokens.ttlSeconds, overridden.config.rateLimit]).toEqual([
      6000,
      20,
      { enabled: false, limit: 7, windowSeconds: 60 },
    ]);
    const fromEnv = resolveConfig({ config: file }, { PORT: '5500' });
    expect(fromEnv.ok && fromEnv.config.port).toBe(5500);
    await rm(dir, { recursive: true });
  });

  it('reads the admin token from env COMMERCE_MOCK_ADMIN_TOKEN, the flag winning over it, and names the env when it is too short', () => {
    const fromEnv = resolveConfig({ host: '0.0.0.0' }, { COMMERCE_MOCK_ADMIN_TOKEN: 'env-token-123' });
    expect(fromEnv.ok && fromEnv.config.adminToken).toBe('env-token-123');
    const fromFlag = resolveConfig({ adminToken: 'flag-token-123' }, { COMMERCE_MOCK_ADMIN_TOKEN: 'env-token-123' });
    expect(fromFlag.ok && fromFlag.config.adminToken).toBe('flag-token-123');
    const empty = resolveConfig({}, { COMMERCE_MOCK_ADMIN_TOKEN: '' });
    expect(empty.ok && empty.config.adminToken).toBeUndefined();
    const short = resolveConfig({}, { COMMERCE_MOCK_ADMIN_TOKEN: 'short' });
    expect(short.ok ? [] : short.problems).toEqual([expect.stringMatching(/^--admin-token \(or env COMMERCE_MOCK_ADMIN_TOKEN\): Too small/)]);
  });

  it('names the field of an invalid value and refuses duplicate client ids', () => {
    const result = parseConfig({ clients: [{ clientId: 'a', clientSecret: 'x' }, { clientId: 'a', clientSecret: 'y' }], rateLimit: { limit: 0 } }, 'mock.yaml');
    expect(result.ok).toBe(false);
    const problems = result.ok ? [] : result.problems.join('\n');
    expect(problems).toContain('mock.yaml: clients');
    expect(problems).toContain('mock.yaml: rateLimit.limit');
  });

  it('a client webhook may ask for the Standard Webhooks format, whose secret must be whsec_ base64 of 24–64 bytes', () => {
    const client = (webhook: Record<string, unknown>) => ({ clients: [{ clientId: 'a', clientSecret: 'x', webhook: { url: 'http://127.0.0.1:3000/hooks', ...webhook } }] });
    const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    const standard = parseConfig(client({ secret, format: 'standard' }), 'mock.yaml');
    expect(standard.ok && standard.config.clients[0]?.webhook).toEqual({ url: 'http://127.0.0.1:3000/hooks', secret, format: 'standard' });
    const refused = parseConfig(client({ secret: 'plain-secret', format: 'standard' }), 'mock.yaml');
    expect(refused.ok ? [] : refused.problems).toEqual(['mock.yaml: clients.0.webhook.secret: a secret of format "standard" starts with whsec_']);
    expect(parseConfig(client({ secret: 'plain-secret' }), 'mock.yaml').ok).toBe(true);
  });

  it('accepts the example configuration of docs/usage.md', () => {
    const readme = readFileSync(new URL('../../docs/usage.md', import.meta.url), 'utf8');
    const example = /A config file \(`--config mock.yaml`\):\s*```yaml\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(example).toBeDefined();
    const result = parseConfig(parse(example as string), 'README');
    expect(result.ok && result.config.clients.map((client) => client.clientId)).toEqual(['mock-client', 'shop-two', 'inactive-client']);
  });
});
