/**
 * `Prefer: code=NNN`: a scripted answer of a status the operation declares. Nothing runs behind it, so nothing is
 * written whatever the code (2xx included, and RFC 7240's other spellings of the same preference); a code the
 * operation does not declare is a 400 naming `Prefer`; a 405 carries `Allow`.
 */
import { describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/index.ts';
import { counting } from '../support/counting-store.ts';
import { bearer, createTestApp, tokenFor } from '../support/test-app.ts';

const ORDER = { customer: { name: 'Ana', phone: '+258 84 000 0000' }, items: [{ name: 'Capulana', price: 350, quantity: 1 }] };
const PRODUCT = { originProductId: 'P-1', name: 'Caju', price: 250 };

async function setup() {
  const { store, writes } = counting(await openStore({}));
  const t = await createTestApp({}, { store });
  const auth = bearer(await tokenFor(t));
  return { t, auth, writes };
}

describe('Prefer: code=NNN', () => {
  it.each([
    ['/v1/orders', 'code=201', 201, ORDER],
    ['/v1/products/sync', 'code=200', 200, PRODUCT],
    ['/v1/products/sync', 'code=201', 201, PRODUCT],
    ['/v1/orders', 'CODE=401', 401, ORDER],
    ['/v1/orders', 'code="401"', 401, ORDER],
    ['/v1/orders', 'return=minimal, code=503', 503, ORDER],
    ['/v1/auth/token', 'code=200', 200, { client_id: 'mock-client', client_secret: 'mock-secret' }],
  ] as const)('POST %s with Prefer: %s answers %i and writes nothing', async (path, prefer, status, body) => {
    const { t, auth, writes } = await setup();
    const before = writes();
    const response = await t.http.post(path).set(auth).set('Prefer', prefer).send(body);
    expect(response.status).toBe(status);
    expect(writes()).toBe(before);
    expect(t.store.count('orders') + t.store.count('products')).toBe(0);
  });

  it("a 2xx is the document's example of that answer", async () => {
    const { t, auth } = await setup();
    const response = await t.http.post('/v1/orders').set(auth).set('Prefer', 'code=201').send(ORDER).expect(201);
    expect(response.body.data).toMatchObject({ status: 'PENDING', currency: 'MZN' });
    expect(response.body.data.id).toMatch(/^ord_/);
  });

  it.each([
    ['/v1/orders', 'code=200', '201'],
    ['/v1/orders', 'code=404', '201'],
    ['/v1/orders', 'code=418', '201'],
    ['/v1/orders', 'code=abc', '201'],
    ['/v1/orders', 'code=', '201'],
  ])('POST %s with Prefer: %s (not declared) is a 400 naming Prefer, nothing written', async (path, prefer, declared) => {
    const { t, auth, writes } = await setup();
    const before = writes();
    const response = await t.http.post(path).set(auth).set('Prefer', prefer).send(ORDER).expect(400);
    expect(response.body.error).toBe('invalid_request');
    expect(response.body.details).toEqual([{ path: 'Prefer', message: expect.stringContaining(declared) }]);
    expect(writes()).toBe(before);
  });

  it('code=405 carries Allow: the methods served on the path', async () => {
    const { t, auth } = await setup();
    const listed = await t.http.get('/v1/products').set(auth).set('Prefer', 'code=405').expect(405);
    expect(listed.body.error).toBe('method_not_allowed');
    expect(listed.headers['allow']).toBe('GET, HEAD, POST');
    const created = await t.http.post('/v1/orders').set(auth).set('Prefer', 'code=405').send(ORDER).expect(405);
    expect(created.headers['allow']).toBe('GET, HEAD, POST');
  });

  it('other preferences are not scripts: the operation runs and writes as usual', async () => {
    const { t, auth } = await setup();
    await t.http.post('/v1/orders').set(auth).set('Prefer', 'return=minimal').send(ORDER).expect(201);
    await t.http.post('/v1/orders').set(auth).set('Prefer', 'codes=401').send(ORDER).expect(201);
    expect(t.store.count('orders')).toBe(2);
  });
});
