/**
 * Secrets never reach the journal or the logs: client secrets, access and refresh tokens sent
 * in a query string or a header are journaled and printed as `***`.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/cli.ts';
import { headersOfList, holdsSecret, maskedHeaders, redactedJson, redactHeaders, redactQuery, redactSecrets, redactUrlPath, type HeaderList } from '../../src/http/redact.ts';
import { createTestApp } from '../support/test-app.ts';

describe('redaction rules', () => {
  it('masks secret query parameters, keeping the others and the order as sent', () => {
    expect(redactQuery('client_id=mock-client&client_secret=mock-secret')).toBe('client_id=mock-client&client_secret=***');
    expect(redactQuery('refresh_token=r1&access_token=a1&token=t&limit=5&clientSecret=x&client%5Fsecret=y')).toBe(
      'refresh_token=***&access_token=***&token=***&limit=5&clientSecret=***&client%5Fsecret=***',
    );
    expect(redactQuery('password&page=2')).toBe('password=***&page=2');
    expect(redactUrlPath('/checkout/ord_1?token=abc&x=1')).toBe('/checkout/ord_1?token=***&x=1');
  });

  it('masks secret headers, keeping an Authorization scheme', () => {
    expect(redactHeaders({ authorization: 'Bearer abc.def', 'x-api-key': 'k', cookie: 'a=b', accept: 'application/json' })).toEqual({
      authorization: 'Bearer ***',
      'x-api-key': '***',
      cookie: '***',
      accept: 'application/json',
    });
  });

  it('masks secret fields at any depth of a value (a config: admin token, client and webhook secrets)', () => {
    const config = {
      adminToken: 'admin-token-1',
      tokens: { ttlSeconds: 60 },
      clients: [{ clientId: 'c', clientSecret: 's3cret', webhook: { url: 'http://127.0.0.1:9/h', secret: 'whsec-123' } }],
    };
    expect(redactSecrets(config)).toEqual({
      adminToken: '***',
      tokens: { ttlSeconds: 60 },
      clients: [{ clientId: 'c', clientSecret: '***', webhook: { url: 'http://127.0.0.1:9/h', secret: '***' } }],
    });
    expect(config.adminToken).toBe('admin-token-1');
  });

  it('the JSON text the journal keeps masks what redactSecrets masks, in one pass', () => {
    const values = [
      { client_secret: 's', data: [{ access_token: 'a', refresh_token: { value: 'r' }, token_type: 'Bearer' }], password: null, secretKept: false },
      [{ token: ['t1', 't2'] }, 'token', 3],
      'a string',
      { nested: { deeper: { apiKey: 'not by name', xApiKey: 'k', webhookSecret: 'w' } } },
    ];
    for (const value of values) expect(redactedJson(value)).toBe(JSON.stringify(redactSecrets(value)));
    expect(redactedJson(values[0])).toBe(
      '{"client_secret":"***","data":[{"access_token":"***","refresh_token":"***","token_type":"Bearer"}],"password":null,"secretKept":false}',
    );
  });
});

describe('the journal', () => {
  it('POST /v1/auth/token?client_id=…&client_secret=… is journaled with the secret as ***', async () => {
    const t = await createTestApp();
    await t.http.post('/v1/auth/token?client_id=mock-client&client_secret=mock-secret').send({ client_id: 'mock-client', client_secret: 'mock-secret' });
    await t.http.post('/v1/auth/token/refresh?refresh_token=rt-visible-secret').send({ refresh_token: 'rt-visible-secret' });
    await t.http.get('/v1/products?access_token=at-visible-secret&limit=5');
    const journal = await t.http.get('/__admin/requests').expect(200);
    expect(journal.body.data.map((entry: { query?: string }) => entry.query)).toEqual([
      'access_token=***&limit=5',
      'refresh_token=***',
      'client_id=mock-client&client_secret=***',
    ]);
    expect(JSON.stringify(journal.body)).not.toMatch(/mock-secret|visible-secret/);
  });
});

describe('the log output', () => {
  it('a mock at --log-level debug prints no secret a request sent in its query or headers', async () => {
    let stderr = '';
    const stop = new AbortController();
    let listening: (base: string) => void = () => undefined;
    const base = new Promise<string>((resolve) => (listening = resolve));
    const running = runCli(['node', 'commerce-mock', 'start', '--in-memory', '--port', '0', '--log-level', 'debug'], {}, {
      stdout: () => undefined,
      stderr: (text) => (stderr += text),
      stop: stop.signal,
      listening,
    });
    const url = await base;
    const json = { 'Content-Type': 'application/json' };
    const credentials = JSON.stringify({ client_id: 'mock-client', client_secret: 'mock-secret' });
    await fetch(`${url}/v1/auth/token?client_id=mock-client&client_secret=mock-secret`, { method: 'POST', headers: json, body: credentials });
    const issued = await fetch(`${url}/v1/auth/token`, { method: 'POST', headers: json, body: credentials });
    const { data } = (await issued.json()) as { data: { access_token: string; refresh_token: string } };
    await fetch(`${url}/v1/products?access_token=${data.access_token}`, { headers: { Authorization: `Bearer ${data.access_token}` } });
    await fetch(`${url}/v1/auth/token/refresh?refresh_token=${data.refresh_token}`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ refresh_token: data.refresh_token }),
    });
    await fetch(`${url}/v1/nowhere?token=${data.access_token}`);
    stop.abort('SIGTERM');
    expect(await running).toBe(0);
    for (const secret of ['mock-secret', data.access_token, data.refresh_token]) expect(stderr).not.toContain(secret);
  });
});

describe('the journal’s cheap masking', () => {
  it('maskedHeaders: the same object when nothing is secret or empty; else a list of names and masked values, empties left out; its object keeps __proto__ as data', () => {
    const plain = { 'x-request-id': 'r1', 'content-type': 'application/json' };
    expect(maskedHeaders(plain)).toBe(plain);
    const sent = JSON.parse('{"__proto__": "x", "authorization": "Bearer s3cr3t", "cookie": "a=b", "accept": "*/*", "proxy-authorization": "Basic  two-spaces", "Authorization": ["Digest\\tx y", "Token t"]}') as Record<string, string>;
    const masked = maskedHeaders({ ...sent, empty: undefined } as Record<string, string | undefined>);
    const expected = [
      ['__proto__', 'x'],
      ['authorization', 'Bearer ***'],
      ['cookie', '***'],
      ['accept', '*/*'],
      ['proxy-authorization', 'Basic ***'],
      ['Authorization', ['***', 'Token ***']],
    ];
    expect(masked).toEqual(expected.flat(1));
    const shown = headersOfList(masked as HeaderList);
    expect(Object.getPrototypeOf(shown)).toBe(Object.prototype);
    expect(Object.entries(shown)).toEqual(expected);
    expect(JSON.stringify(masked)).not.toMatch(/s3cr3t|a=b|two-spaces|x y|"t"/);
  });

  it('holdsSecret: true exactly when masking would change the value, at any depth', () => {
    expect(holdsSecret({ data: [{ id: 'p1', metadata: { note: 'token in a value is not a name' } }] })).toBe(false);
    expect(holdsSecret({ data: { token: null, secret: false } })).toBe(false);
    expect(holdsSecret({ data: [{ items: [{ client_secret: 's' }] }] })).toBe(true);
    expect(holdsSecret({ refreshToken: { value: 'x' } })).toBe(true);
    expect(holdsSecret('access_token')).toBe(false);
  });
});
