import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, tokenFor } from '../support/test-app.ts';

describe('HTTP protocol behaviour', () => {
  it('answers an unknown path with 404 not_found, in and outside the API prefixes', async () => {
    const t = await createTestApp();
    for (const path of ['/v1/nothing-here', '/api/v1/products/x/y', '/elsewhere']) {
      const response = await t.http.get(path).expect(404);
      expect(response.body.error).toBe('not_found');
      expect(response.body.requestId).toBe(response.headers['x-request-id']);
    }
  });

  it('answers a known path with a wrong method with 405 and Allow', async () => {
    const t = await createTestApp();
    const response = await t.http.delete('/v1/products').expect(405);
    expect(response.body.error).toBe('method_not_allowed');
    expect(response.headers['allow']).toBe('GET, HEAD, POST');
    const item = await t.http.put('/api/orders/ord_1').expect(405);
    expect(item.headers['allow']).toBe('GET, HEAD');
  });

  it('answers a wrong method with 405 whatever its body: malformed, or over the 1 MiB limit', async () => {
    const t = await createTestApp();
    const malformed = await t.http.delete('/v1/products').set('Content-Type', 'application/json').send('{"name":').expect(405);
    expect(malformed.headers['allow']).toBe('GET, HEAD, POST');
    const huge = await t.http.delete('/v1/products').set('Content-Type', 'application/json').send(`"${'x'.repeat(1_100_000)}"`).expect(405);
    expect(huge.body.error).toBe('method_not_allowed');
  });

  it('refuses a body that is a JSON string as not an object, in Portuguese, writing nothing', async () => {
    const t = await createTestApp();
    const response = await t.http.post('/v1/customers').set(bearer(await tokenFor(t))).set('Content-Type', 'application/json').send('"x"').expect(400);
    expect(response.body).toMatchObject({ error: 'invalid_request', details: [{ path: 'body', message: 'deve ser do tipo object' }] });
    expect(t.store.count('customers')).toBe(0);
  });

  it('answers HEAD as GET, with the headers and without the body', async () => {
    const t = await createTestApp();
    const auth = bearer(await tokenFor(t));
    const head = await t.http.head('/v1/products').set(auth).expect(200);
    expect(head.text ?? '').toBe('');
    expect(head.headers['content-type']).toMatch(/application\/json/);
    expect(head.headers['ratelimit-limit']).toBe('100');
    const missing = await t.http.head('/v1/products/prod_nope').set(auth).expect(404);
    expect(missing.headers['x-request-id']).toBeDefined();
  });

  it('refuses a body over 1 MiB with 413 invalid_request and stores nothing', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    const huge = { name: 'x', price: 1, description: 'a'.repeat(1024 * 1024) };
    const response = await t.http.post('/v1/products/create').set(bearer(token)).send(huge).expect(413);
    expect(response.body.error).toBe('invalid_request');
    expect(t.store.count('products')).toBe(0);
  });

  it('refuses malformed JSON with 400 invalid_request', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    const response = await t.http
      .post('/v1/products/create')
      .set(bearer(token))
      .set('Content-Type', 'application/json')
      .send('{"name": "broken",')
      .expect(400);
    expect(response.body.error).toBe('invalid_request');
    expect(t.store.count('products')).toBe(0);
  });

  it('refuses a content type the operation does not list with 415 invalid_request, storing nothing', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    const response = await t.http.post('/v1/products/create').set(bearer(token)).set('Content-Type', 'text/plain').send('hi').expect(415);
    expect(response.body).toMatchObject({
      error: 'invalid_request',
      message: 'Content-Type não suportado por esta operação',
      details: [{ path: 'Content-Type', message: 'text/plain não é aceite; esta operação aceita application/json' }],
    });
    expect(t.store.count('products')).toBe(0);
  });

  it('echoes a sent X-Request-Id and makes one up otherwise', async () => {
    const t = await createTestApp();
    const echoed = await t.http.get('/v1/products').set('X-Request-Id', 'trace-123').expect(401);
    expect(echoed.headers['x-request-id']).toBe('trace-123');
    expect(echoed.body.requestId).toBe('trace-123');
    const made = await t.http.get('/v1/products').expect(401);
    expect(made.headers['x-request-id']).toMatch(/^req_[A-Za-z0-9]{20}$/);
    expect(made.body.requestId).toBe(made.headers['x-request-id']);
  });

  it('reaches the same operation under /v1, /api/v1 and /api', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    const created = await t.http.post('/api/products').set(bearer(token)).send({ name: 'Caju', price: 120 }).expect(201);
    for (const prefix of ['/v1', '/api/v1', '/api']) {
      const response = await t.http.get(`${prefix}/products/${created.body.data.id}`).set(bearer(token)).expect(200);
      expect(response.body.data.name).toBe('Caju');
    }
  });

  it('reaches the same operation with trailing slashes', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    const created = await t.http.post('/v1/products/').set(bearer(token)).send({ name: 'Caju', price: 120 }).expect(201);
    expect((await t.http.get(`/v1/products/${created.body.data.id}//`).set(bearer(token)).expect(200)).body.data.name).toBe('Caju');
    const listed = (await t.http.get('/api/products/').set(bearer(token)).expect(200)).body.data as Array<{ id: string }>;
    expect(listed.map((product) => product.id)).toContain(created.body.data.id);
  });

  it('names each offending field of an invalid body in details', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    const response = await t.http
      .post('/v1/products/create')
      .set(bearer(token))
      .send({ price: -1, imageUrl: 'not a url', extra: true })
      .expect(400);
    expect(response.body.error).toBe('invalid_request');
    const paths = (response.body.details as Array<{ path: string }>).map((detail) => detail.path);
    expect(paths).toEqual(expect.arrayContaining(['name', 'price', 'imageUrl', 'extra']));
    expect(t.store.count('products')).toBe(0);
  });

  it('validates query parameters', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    for (const query of ['page=0', 'limit=101', 'limit=0', 'page=abc']) {
      const response = await t.http.get(`/v1/orders?${query}`).set(bearer(token)).expect(400);
      expect(response.body.error).toBe('invalid_request');
      expect(response.body.details[0].path).toBe(query.split('=')[0]);
    }
  });
});
