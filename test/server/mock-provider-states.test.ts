/**
 * The mock's own provider-state endpoint sets the state up in process: the catalogue's requests go through the
 * mock's stage lists as values, never over HTTP to the mock itself (no connection but the verifier's, no `fetch`),
 * and they are the verifier's own (its IP's rate window is the one a state exhausts).
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bearer, createTestApp } from '../support/test-app.ts';

const servers: Server[] = [];
afterEach(() => {
  vi.unstubAllGlobals();
  servers.splice(0).forEach((server) => server.close());
});

/** One POST over its own connection (node:http, not fetch: fetch is the loopback this test forbids). */
function post(port: number, path: string, body: object): Promise<{ status: number; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const sent = JSON.stringify(body);
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'POST', agent: false, headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(sent) } }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> }));
    });
    req.on('error', reject);
    req.end(sent);
  });
}

async function listeningMock() {
  const t = await createTestApp();
  const server = createServer(t.core.listener);
  servers.push(server);
  let connections = 0;
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const fetchCalls: string[] = [];
  vi.stubGlobal('fetch', (url: unknown) => {
    fetchCalls.push(String(url));
    return Promise.reject(new Error('the state setup called fetch'));
  });
  return { t, port, fetchCalls, connections: () => connections };
}

describe('POST /__admin/pact/provider-states, in process', () => {
  it('sets an order in PAID up through the API and the admin API with no connection to the mock but the verifier’s', async () => {
    const { t, port, fetchCalls, connections } = await listeningMock();
    const setup = await post(port, '/__admin/pact/provider-states', { state: 'an order with status PAID exists', action: 'setup' });
    expect(setup.status).toBe(200);
    expect(setup.body).toEqual(expect.objectContaining({ orderId: expect.stringMatching(/^ord_/), accessToken: expect.any(String) }));
    expect(connections()).toBe(1);
    expect(fetchCalls).toEqual([]);
    const order = await t.http.get(`/v1/orders/${String(setup.body['orderId'])}`).set(bearer(String(setup.body['accessToken']))).expect(200);
    expect(order.body.data.status).toBe('PAID');
  });

  it('the rate limit is exhausted for the verifier’s own IP: its next call is refused 429', async () => {
    const { port, fetchCalls, connections } = await listeningMock();
    const setup = await post(port, '/__admin/pact/provider-states', { state: 'the rate limit is exhausted', action: 'setup' });
    expect(setup.status).toBe(200);
    expect(connections()).toBe(1);
    expect(fetchCalls).toEqual([]);
    const next = await new Promise<number>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: '/v1/auth/token/list', agent: false, headers: bearer(String(setup.body['accessToken'])) }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(next).toBe(429);
  });
});
