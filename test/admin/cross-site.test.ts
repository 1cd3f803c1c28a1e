/**
 * Other sites cannot drive the admin API: a state change a page of another origin makes a browser send is 403
 * `origem_recusada`, a request reaching the mock by a foreign Host name (DNS rebinding) is 403 `host_recusado`,
 * and each refusal changes nothing. Requests without those browser headers (curl, tests, SDKs) go on.
 */
import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, tokenFor, type TestApp } from '../support/test-app.ts';
import { createProduct, placeOrder } from '../support/admin-helpers.ts';

const EVIL = { Origin: 'http://evil.example', 'Sec-Fetch-Site': 'cross-site' };

/** Everything a hostile page could change, read through the API as a user would. */
async function observable(t: TestApp) {
  const { clock, ...state } = (await t.http.get('/__admin/state').expect(200)).body;
  const snapshots = (await t.http.get('/__admin/snapshots').expect(200)).body.data;
  const journal = (await t.http.get('/__admin/requests/count').expect(200)).body.data;
  // A frozen clock's offset from real time grows as real time passes; what it reads is what a change would move.
  return { state, now: clock.now, frozen: clock.frozen, snapshots, journal };
}

describe('state changes from another origin → 403 origem_recusada, nothing changed', () => {
  const calls: Array<[string, (t: TestApp, orderId: string) => ReturnType<TestApp['http']['post']>]> = [
    ['POST /reset', (t) => t.http.post('/__admin/reset').send({})],
    ['POST /clients', (t) => t.http.post('/__admin/clients').send({ clientId: 'planted', clientSecret: 'planted-secret' })],
    ['POST /clients/{id}/deactivate', (t) => t.http.post('/__admin/clients/mock-client/deactivate')],
    ['POST /clients/{id}/tokens/revoke', (t) => t.http.post('/__admin/clients/mock-client/tokens/revoke')],
    ['POST /clients/{id}/tokens/expire', (t) => t.http.post('/__admin/clients/mock-client/tokens/expire')],
    ['PUT /clients/{id}/webhook', (t) => t.http.put('/__admin/clients/mock-client/webhook').send({ url: 'http://127.0.0.1:9/hook', secret: 'secret-123' })],
    ['POST /clock/freeze', (t) => t.http.post('/__admin/clock/resume')],
    ['POST /clock/advance', (t) => t.http.post('/__admin/clock/advance').send({ seconds: 86_400 })],
    ['POST /snapshots/{name}/restore', (t) => t.http.post('/__admin/snapshots/empty/restore')],
    ['DELETE /snapshots/{name}', (t) => t.http.delete('/__admin/snapshots/empty')],
    ['PUT /scenarios/active', (t) => t.http.put('/__admin/scenarios/active').send({ scenario: 'token-expiry' })],
    ['POST /orders/{id}/transition', (t, orderId) => t.http.post(`/__admin/orders/${orderId}/transition`).send({ status: 'CANCELLED' })],
    ['DELETE /requests', (t) => t.http.delete('/__admin/requests')],
  ];

  it.each(calls)('%s', async (_name, call) => {
    const t = await createTestApp();
    await t.http.post('/__admin/snapshots').send({ name: 'empty' }).expect(201);
    const token = await tokenFor(t);
    await createProduct(t, token);
    const order = await placeOrder(t, token);
    const before = await observable(t);
    const response = await call(t, order.id).set(EVIL).expect(403);
    expect(response.body).toMatchObject({
      error: 'origem_recusada',
      message: 'Origem http://evil.example recusada: só páginas deste mock podem alterar o seu estado',
    });
    expect(await observable(t)).toEqual(before);
    await t.http.get('/v1/products').set(bearer(token)).expect(200);
  });

  it('the reproduction of the issue: a form-encoded reset from evil.example → 403, the products stay', async () => {
    const t = await createTestApp();
    await createProduct(t, await tokenFor(t));
    const response = await t.http.post('/__admin/reset').set('Origin', 'http://evil.example').type('form').send('').expect(403);
    expect(response.body.error).toBe('origem_recusada');
    expect(t.store.count('products')).toBe(1);
  });

  it('Sec-Fetch-Site: cross-site alone is refused, with its own message', async () => {
    const t = await createTestApp();
    const response = await t.http.post('/__admin/clients').set('Sec-Fetch-Site', 'cross-site').send({ clientId: 'planted', clientSecret: 'planted-secret' }).expect(403);
    expect(response.body).toMatchObject({ error: 'origem_recusada', message: 'Pedido de outro site recusado (Sec-Fetch-Site: cross-site)' });
    expect(t.deps.clients.find('planted')).toBeUndefined();
  });

  it.each(['null', 'http://127.0.0.1.evil.example', 'http://localhost:1', 'https://evil.example'])('Origin: %s is not the mock’s own', async (origin) => {
    const t = await createTestApp();
    await t.http.post('/__admin/clients').set('Host', 'localhost:4010').set('Origin', origin).send({ clientId: 'planted', clientSecret: 'planted-secret' }).expect(403);
    expect(t.deps.clients.find('planted')).toBeUndefined();
  });

  it('`--cors-origins *` lets any page read the API, never change the admin state', async () => {
    const t = await createTestApp({ corsOrigins: ['*'] });
    await t.http.post('/__admin/clients').set(EVIL).send({ clientId: 'planted', clientSecret: 'planted-secret' }).expect(403);
    expect(t.deps.clients.find('planted')).toBeUndefined();
  });
});

describe('the mock’s own pages, allowed origins and non-browser callers go on', () => {
  it('a page of the mock itself (Origin = its Host, same-origin) changes state', async () => {
    const t = await createTestApp();
    await t.http
      .post('/__admin/clients')
      .set({ Host: 'localhost:4010', Origin: 'http://localhost:4010', 'Sec-Fetch-Site': 'same-origin' })
      .send({ clientId: 'shop-2', clientSecret: 'shop-2-secret' })
      .expect(201);
  });

  it('an origin listed in --cors-origins (a dev server proxying /__admin) changes state, even marked cross-site', async () => {
    const t = await createTestApp({ corsOrigins: ['http://localhost:5173'] });
    await t.http.post('/__admin/clock/advance').set({ Origin: 'http://localhost:5173', 'Sec-Fetch-Site': 'cross-site' }).send({ seconds: 60 }).expect(200);
  });

  it('the --public-url origin is the mock’s own, also reached by that name', async () => {
    const t = await createTestApp({ publicUrl: 'https://mock.example.test/' });
    await t.http.post('/__admin/clock/advance').set({ Host: 'mock.example.test', Origin: 'https://mock.example.test' }).send({ seconds: 60 }).expect(200);
  });

  it('reads are never refused for their origin (the browser keeps the answer from the page: no CORS headers)', async () => {
    const t = await createTestApp();
    const response = await t.http.get('/__admin/clock').set(EVIL).expect(200);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('a request without Origin or Sec-Fetch-Site (curl, a test) changes state', async () => {
    const t = await createTestApp();
    await t.http.post('/__admin/clients').send({ clientId: 'shop-2', clientSecret: 'shop-2-secret' }).expect(201);
  });
});

describe('a Host that is not the mock’s own (DNS rebinding) → 403 host_recusado', () => {
  it('the credentials of a client are not read through attacker.example', async () => {
    const t = await createTestApp();
    const response = await t.http.get('/__admin/clients/mock-client/credentials').set('Host', 'attacker.example:4010').expect(403);
    expect(response.body).toMatchObject({ error: 'host_recusado', message: 'Host desconhecido: attacker.example:4010; para outro nome, inicie o mock com --public-url' });
    expect(JSON.stringify(response.body)).not.toContain('mock-secret');
  });

  it('nor is a state change made through it', async () => {
    const t = await createTestApp();
    await createProduct(t, await tokenFor(t));
    await t.http.post('/__admin/reset').set('Host', 'attacker.example').send({}).expect(403);
    expect(t.store.count('products')).toBe(1);
  });

  it.each(['127.0.0.1:99999', '127.0.0.1:0', 'localhost:4010:1', ''])('Host %j is refused', async (host) => {
    const t = await createTestApp();
    await t.http.get('/__admin/clients/mock-client/credentials').set('Host', host).expect(403);
  });

  it.each(['localhost:4010', '127.0.0.1', '[::1]:4010', 'LOCALHOST'])('the loopback name %s is the mock’s own', async (host) => {
    const t = await createTestApp();
    await t.http.get('/__admin/clock').set('Host', host).expect(200);
  });

  it('the --public-url host is the mock’s own', async () => {
    const t = await createTestApp({ publicUrl: 'http://mock.example.test:8080' });
    await t.http.get('/__admin/clock').set('Host', 'mock.example.test:8080').expect(200);
  });

  it('a call carrying the admin token passes whatever its Host (a container reached by its service name)', async () => {
    const t = await createTestApp({ host: '0.0.0.0', adminToken: 'let-me-in-please' });
    await t.http.get('/__admin/clock').set('Host', 'commerce-mock:4010').set(bearer('let-me-in-please')).expect(200);
    await t.http.get('/__admin/clock').set('Host', 'commerce-mock:4010').expect(403);
  });
});
