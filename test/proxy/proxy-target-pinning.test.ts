/**
 * The proxy is not an open relay: whatever host a request line names (absolute form, a path starting with `//`),
 * the request and its `Authorization` go to the configured target only. A second server stands in for the other
 * host and must see nothing.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxyRefusal, sendJson, startProxy, startRawTarget, type RawTarget, type RunningProxy } from '../support/proxy-helpers.ts';

/** Sends one raw HTTP/1.1 request line and headers; resolves with the status line and body of the answer. */
function rawRequest(proxyUrl: string, requestLine: string, headers: Record<string, string>): Promise<{ statusLine: string; headers: Headers; body: string }> {
  const { hostname, port } = new URL(proxyUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('end', () => {
      const [head = '', body = ''] = received.split('\r\n\r\n');
      const [statusLine = '', ...fields] = head.split('\r\n');
      resolve({ statusLine, headers: new Headers(fields.map((field) => [field.slice(0, field.indexOf(':')), field.slice(field.indexOf(':') + 1).trim()])), body });
    });
    const lines = [requestLine, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`), 'Connection: close', '', ''];
    socket.write(lines.join('\r\n'));
  });
}

describe('a request line naming another host', () => {
  let target: RawTarget;
  let otherHost: RawTarget;
  let proxy: RunningProxy;
  const SECRET = 'Bearer caller-secret-token-9Qz';

  beforeAll(async () => {
    target = await startRawTarget((req, res) => sendJson(res, { servedBy: 'target', path: req.url }));
    otherHost = await startRawTarget((_req, res) => sendJson(res, { servedBy: 'other-host' }));
    proxy = await startProxy(['--target', target.url]);
  });
  afterAll(async () => {
    await proxy.stop();
    await Promise.all([target.stop(), otherHost.stop()]);
  });

  it('in absolute form goes to the target with its path and query only, Authorization included', async () => {
    const other = new URL(otherHost.url);
    const answer = await rawRequest(proxy.url, `GET ${otherHost.url}/v1/products?page=2 HTTP/1.1`, { Host: other.host, Authorization: SECRET });
    expect(answer.statusLine).toBe('HTTP/1.1 200 OK');
    expect(JSON.parse(answer.body)).toEqual({ servedBy: 'target', path: '/v1/products?page=2' });
    expect(target.seen.at(-1)?.headers).toMatchObject({ host: new URL(target.url).host, authorization: SECRET });
    expect(otherHost.seen).toEqual([]);
  });

  it('as a path starting with //host stays a path of the target', async () => {
    const other = new URL(otherHost.url);
    const answer = await rawRequest(proxy.url, `GET //${other.host}/x HTTP/1.1`, { Host: new URL(proxy.url).host, Authorization: SECRET });
    expect(answer.statusLine).toBe('HTTP/1.1 200 OK');
    expect(JSON.parse(answer.body)).toEqual({ servedBy: 'target', path: `//${other.host}/x` });
    expect(otherHost.seen).toEqual([]);
  });

  it('in absolute form without a path goes to the target\'s root', async () => {
    const answer = await rawRequest(proxy.url, `GET http://${new URL(otherHost.url).host} HTTP/1.1`, { Host: 'elsewhere.test', Authorization: SECRET });
    expect(JSON.parse(answer.body)).toEqual({ servedBy: 'target', path: '/' });
    expect(otherHost.seen).toEqual([]);
  });

  it('naming no path (asterisk form) is refused 400 invalid_request, and nothing is forwarded', async () => {
    const before = target.seen.length;
    const answer = await rawRequest(proxy.url, 'OPTIONS * HTTP/1.1', { Host: new URL(proxy.url).host });
    expect(answer.statusLine).toBe('HTTP/1.1 400 Bad Request');
    const body = await proxyRefusal(new Response(answer.body, { status: 400, headers: answer.headers }), 'NotAPath');
    expect(body).toMatchObject({ error: 'invalid_request', message: 'Parâmetros inválidos' });
    expect(target.seen.length).toBe(before);
    expect(otherHost.seen).toEqual([]);
  });
});
