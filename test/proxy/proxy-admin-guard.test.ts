/**
 * A proxy in front of a mock keeps the mock's guards: the DNS-rebinding attack (a GET with `Host: evil.example` for
 * a client's credentials) is refused through the proxy as it is by the mock directly; `/__admin` in any spelling
 * goes on only with `--forward-admin`; a state change from another origin is refused; nothing refused reaches the
 * mock. The API's paths go through as before.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mock } from '../../src/sdk/start-mock.ts';
import { startCheckedMock } from '../support/mock-helpers.ts';
import { proxyRefusal, sendJson, startProxy, startRawTarget, tokenThrough, type RawTarget, type RunningProxy } from '../support/proxy-helpers.ts';

const CREDENTIALS = '/__admin/clients/mock-client/credentials';
const SECRET = 'mock-secret';

/** One request with the headers as given (`Host` included, which fetch does not let a caller set). */
function send(base: string, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Response> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const sent = request({ host: url.hostname, port: url.port, method, path, headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) } }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const responseHeaders = new Headers(Object.entries(answer.headers).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)] as [string, string]])));
        resolve(new Response(Buffer.concat(chunks), { status: answer.statusCode ?? 0, headers: responseHeaders }));
      });
    });
    sent.on('error', reject);
    sent.end(body);
  });
}

const SPELLINGS = [CREDENTIALS, '/__ADMIN/clients/mock-client/credentials', '/%5F%5Fadmin/clients/mock-client/credentials', '//__admin/clients/mock-client/credentials', '/v1/../__admin/clients/mock-client/credentials', '/x/%2e%2e/__Admin/clients/mock-client/credentials'];

describe('a proxy in front of a mock', () => {
  let mock: Mock;
  let plain: RunningProxy;
  let forwarding: RunningProxy;

  beforeAll(async () => {
    mock = await startCheckedMock();
    plain = await startProxy(['--target', mock.url]);
    forwarding = await startProxy(['--target', mock.url, '--forward-admin']);
  });
  afterAll(async () => {
    await Promise.all([plain.stop(), forwarding.stop()]);
    await mock.stop();
  });

  it('refuses the rebinding attack as the mock itself does: 403 host_recusado, no secret, nothing forwarded', async () => {
    const direct = await send(mock.url, 'GET', CREDENTIALS, { host: 'evil.example' });
    expect([direct.status, ((await direct.json()) as { error: string }).error]).toEqual([403, 'host_recusado']);
    for (const proxy of [plain, forwarding]) {
      for (const path of SPELLINGS) {
        for (const headers of [{ host: 'evil.example' }, { host: 'EVIL.example:80', authorization: 'Bearer guessed' }, { host: 'localhost.evil.example' }] as Array<Record<string, string>>) {
          const answer = await send(proxy.url, 'GET', path, headers);
          const text = await answer.clone().text();
          expect(text, `${path} ${headers['host']}`).not.toContain(SECRET);
          expect((await proxyRefusal(answer, 'ForeignHost'))['error']).toBe('host_recusado');
        }
      }
    }
  });

  it("with --forward-admin, forwards an admin call made by the proxy's own name", async () => {
    const credentials = await send(forwarding.url, 'GET', CREDENTIALS, { host: new URL(forwarding.url).host });
    expect(credentials.status).toBe(200);
    expect(((await credentials.json()) as { data: { clientSecret: string } }).data.clientSecret).toBe(SECRET);
  });

  it('lets the API through by any name, as the mock does', async () => {
    const token = await tokenThrough(plain.url);
    const answer = await send(plain.url, 'GET', '/v1/products?limit=1', { host: 'evil.example', authorization: `Bearer ${token}` });
    expect(answer.status).toBe(200);
  });

  it('refuses its own report to a page under another name', async () => {
    const answer = await send(plain.url, 'GET', '/__admin/proxy/report', { host: 'evil.example' });
    expect((await proxyRefusal(answer, 'ForeignHost'))['error']).toBe('host_recusado');
  });
});

describe('what a proxy refuses never reaches its target', () => {
  let target: RawTarget;
  let plain: RunningProxy;
  let forwarding: RunningProxy;
  const adminSeen = () => target.seen.filter((seen) => !seen.url.startsWith('/v1')).length;

  beforeAll(async () => {
    target = await startRawTarget((req, res) => sendJson(res, { path: req.url }));
    plain = await startProxy(['--target', target.url]);
    forwarding = await startProxy(['--target', target.url, '--forward-admin']);
  });
  afterAll(async () => {
    await Promise.all([plain.stop(), forwarding.stop()]);
    await target.stop();
  });

  it('without --forward-admin: /__admin in every spelling is 403 admin_nao_encaminhado; the report is still answered', async () => {
    for (const path of [...SPELLINGS, '/__admin/state', '/__admin/reset', '/__admin', '/__admin/']) {
      const answer = await send(plain.url, path.endsWith('reset') ? 'POST' : 'GET', path, { host: new URL(plain.url).host }, path.endsWith('reset') ? '{}' : undefined);
      expect((await proxyRefusal(answer, 'AdminNotForwarded'))['error'], path).toBe('admin_nao_encaminhado');
    }
    expect((await send(plain.url, 'GET', '/__admin/proxy/report', { host: new URL(plain.url).host })).status).toBe(200);
    expect((await send(plain.url, 'GET', '/v1/products', { host: new URL(plain.url).host })).status).toBe(200);
    expect(adminSeen()).toBe(0);
    expect(plain.stdout()).toContain('the admin API is forwarded only with --forward-admin');
  });

  it('with --forward-admin: a state change from another origin, or a foreign Host, is refused before the target', async () => {
    const own = { host: new URL(forwarding.url).host };
    for (const headers of [{ ...own, origin: 'http://evil.example' }, { ...own, origin: 'null' }, { ...own, 'sec-fetch-site': 'cross-site' }]) {
      const answer = await send(forwarding.url, 'POST', '/__admin/reset', headers, '{}');
      expect((await proxyRefusal(answer, 'CrossSite'))['error']).toBe('origem_recusada');
    }
    for (const host of ['evil.example', '127.0.0.1.evil.example', 'localhost.:1', '127.0.0.1:99999']) {
      const answer = await send(forwarding.url, 'GET', '/__admin/state', { host });
      expect((await proxyRefusal(answer, 'ForeignHost'))['error'], host).toBe('host_recusado');
    }
    expect(adminSeen()).toBe(0);
    // By its own name, with its own origin, the same call goes on.
    const allowed = await send(forwarding.url, 'POST', '/__admin/reset', { ...own, origin: forwarding.url }, '{}');
    expect(allowed.status).toBe(200);
    expect(adminSeen()).toBe(1);
  });
});
