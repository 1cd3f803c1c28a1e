/**
 * `proxy --record` writes no secret, wherever it was sent (a query string's
 * `access_token`, `api_key`, `client_secret`; a secret-named field holding an object or a list, at any depth), in
 * the pact or the state file; and a token request made with HTTP Basic is recorded so that `verify` verifies it.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/cli.ts';
import type { Mock } from '../../src/sdk/start-mock.ts';
import { startCheckedMock } from '../support/mock-helpers.ts';
import { call, startProxy, tokenThrough } from '../support/proxy-helpers.ts';

const REAL = { clientId: 'real-client', clientSecret: 'real-secret-Zq81' };
/** Every value below must reach neither file. */
const SECRETS = {
  queryToken: 'QS-ACCESS-TOKEN-a1',
  queryKey: 'QS-API-KEY-b2',
  querySecret: 'QS-CLIENT-SECRET-c3',
  nestedPassword: 'PW-IN-OBJECT-d4',
  listedSecret: 'SECRET-IN-LIST-e5',
  deepToken: 'DEEP-TOKEN-f6',
};
const BASIC = Buffer.from(`${REAL.clientId}:${REAL.clientSecret}`).toString('base64');

describe('a recording made through the proxy', () => {
  let target: Mock;
  let pact: string;
  let state: string;
  let token: string;
  let basicToken: string;
  const record = join(mkdtempSync(join(tmpdir(), 'proxy-secrets-')), 'recorded');

  beforeAll(async () => {
    target = await startCheckedMock({ clients: [{ ...REAL, active: true }] });
    const proxy = await startProxy(['--target', target.url, '--record', record]);
    const basic = await fetch(`${proxy.url}/v1/auth/token`, {
      method: 'POST',
      headers: { Authorization: `Basic ${BASIC}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials' }),
    });
    expect(basic.status).toBe(200);
    basicToken = ((await basic.json()) as { data: { access_token: string } }).data.access_token;
    token = await tokenThrough(proxy.url, REAL);
    const query = new URLSearchParams({ access_token: SECRETS.queryToken, api_key: SECRETS.queryKey, client_secret: SECRETS.querySecret });
    // The target refuses parameters its document does not name (400): the exchange is recorded all the same.
    const withQuery = await call(proxy.url, 'POST', `/v1/products/create?${query.toString()}`, { token, body: { name: 'Capulana', price: 1500 } });
    expect([withQuery.status, withQuery.body.error]).toEqual([400, 'invalid_request']);
    const created = await call(proxy.url, 'POST', '/v1/products/create', {
      token,
      body: {
        name: 'Capulana Premium',
        price: 1500,
        metadata: { password: { value: SECRETS.nestedPassword }, client_secret: [SECRETS.listedSecret], nested: { deeper: [{ accessToken: { v: SECRETS.deepToken } }] } },
      },
    });
    expect(created.status).toBe(201);
    expect(await proxy.stop()).toBe(0);
    pact = readFileSync(join(record, 'proxy-recording.pact.json'), 'utf8');
    state = readFileSync(join(record, 'state.json'), 'utf8');
  }, 60_000);
  afterAll(() => target.stop());

  it('holds no secret sent in a query, a header or a body, at any depth, in either file', () => {
    for (const [name, text] of [['pact', pact], ['state', state]] as const) {
      for (const secret of [...Object.values(SECRETS), REAL.clientSecret, BASIC, token, basicToken]) expect(text.includes(secret), `${name} holds ${secret}`).toBe(false);
    }
    const interactions = (JSON.parse(pact) as { interactions: Array<{ request: { path: string; query?: Record<string, string[]>; body?: { content: unknown } } }> }).interactions;
    const [withQuery, create] = interactions.filter((interaction) => interaction.request.path === '/v1/products/create');
    expect(withQuery?.request.query).toEqual({ access_token: ['***'], api_key: ['***'], client_secret: ['***'] });
    expect(create?.request.body?.content).toMatchObject({ metadata: { password: '***', client_secret: '***', nested: { deeper: [{ accessToken: '***' }] } } });
    // The product the answer carried is in the state, its secret-named metadata masked whole.
    expect(state).toContain('"password": "***"');
  });

  it('records the Basic token request with a placeholder the verifying client fills in: verify passes it', async () => {
    const interactions = (JSON.parse(pact) as { interactions: Array<{ description: string; request: { headers: Record<string, string[]>; generators?: unknown } }> }).interactions;
    const basic = interactions[0];
    expect(basic?.request.headers['Authorization']).toEqual(['Basic ***']);
    expect(basic?.request.generators).toEqual({ header: { Authorization: { type: 'ProviderState', expression: 'Basic ${basicCredentials}' } } });
    let out = '';
    const io = { stdout: (text: string) => void (out += text), stderr: (text: string) => void (out += text), stop: new AbortController().signal };
    const code = await runCli(['node', 'commerce-mock', 'verify', '--verbose', '--pact', join(record, 'proxy-recording.pact.json')], {}, io);
    expect(out).toContain(`ok   proxy-recording: ${basic?.description}`);
    expect(out).toContain('4 verified, 0 failed, 0 not verifiable');
    expect(code).toBe(0);
  }, 60_000);
});
