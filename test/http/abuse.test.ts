/**
 * Hostile but bounded use, on 127.0.0.1: an oversized body is refused before it is read whole, absurd paging
 * values are answered, 500 concurrent connections are served, and the rate limit admits exactly its limit under
 * concurrency.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, createTestApp, tokenFor, type TestApp } from '../support/test-app.ts';

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((done) => server.close(done));
});

async function listening(t: TestApp): Promise<number> {
  const server = t.app.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((ready) => server.once('listening', ready));
  return (server.address() as AddressInfo).port;
}

function get(port: number, path: string, agent: http.Agent, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

describe('abuse', () => {
  it('refuses a 10 MB body with 413 once it announces its length, before the client has sent it all', async () => {
    const t = await createTestApp();
    const port = await listening(t);
    const auth = bearer(await tokenFor(t));
    const answer = await new Promise<{ status: number; body: string; sentBytes: number }>((resolve, reject) => {
      let sentBytes = 0;
      const request = http.request(
        { host: '127.0.0.1', port, path: '/v1/products/create', method: 'POST', headers: { ...auth, 'Content-Type': 'application/json', 'Content-Length': 10 * 1024 * 1024 } },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => {
            resolve({ status: res.statusCode ?? 0, body, sentBytes });
            request.destroy(); // the rest of the 10 MB is never sent
          });
        },
      );
      request.on('error', reject);
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      request.write(chunk);
      sentBytes += chunk.length;
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ error: 'invalid_request' });
    expect(answer.sentBytes).toBe(64 * 1024);
    expect(t.store.count('products')).toBe(0);
  });

  it('answers the last page the document allows with an empty page, and page=1e9, limit=-1 or page=0 with 400 naming it', async () => {
    const t = await createTestApp();
    const auth = bearer(await tokenFor(t));
    const far = await t.http.get('/v1/products?page=100000').set(auth).expect(200);
    expect(far.body).toEqual({ data: [], pagination: { page: 100_000, limit: 20, total: 0, totalPages: 0 } });
    for (const [query, name] of [['page=1000000000', 'page'], ['limit=-1', 'limit'], ['page=0', 'page'], ['limit=1e400', 'limit']]) {
      const refused = await t.http.get(`/v1/products?${query}`).set(auth).expect(400);
      expect(refused.body.details.map((detail: { path: string }) => detail.path)).toEqual([name]);
    }
  });

  it('serves 500 concurrent connections, every one answered', async () => {
    const t = await createTestApp({ rateLimit: { enabled: false } });
    const port = await listening(t);
    const auth = bearer(await tokenFor(t));
    const agent = new http.Agent({ keepAlive: false, maxSockets: 500 });
    const statuses = await Promise.all(Array.from({ length: 500 }, () => get(port, '/v1/products?limit=1', agent, auth)));
    agent.destroy();
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
  });

  it('admits exactly the limit per window under 50 concurrent connections', async () => {
    const t = await createTestApp({ rateLimit: { limit: 100 } });
    const port = await listening(t);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
    const statuses = await Promise.all(Array.from({ length: 150 }, () => get(port, '/v1/products', agent)));
    agent.destroy();
    expect(statuses.filter((status) => status === 429)).toHaveLength(50);
    expect(statuses.filter((status) => status === 401)).toHaveLength(100);
  });
});
