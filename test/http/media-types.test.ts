/**
 * Request bodies follow the document's `requestBody.content`: form-encoded only on the token operations, JSON
 * elsewhere; the admin API takes JSON only. Anything else is a 415 `invalid_request` that writes nothing.
 */
import { describe, expect, it } from 'vitest';
import { bearer, CLIENT, createTestApp, tokenFor } from '../support/test-app.ts';

const MESSAGE = 'Content-Type não suportado por esta operação';

/** The 415 body: the catalogue message, and `details` naming the type sent and those the operation takes. */
function refusal(sent: string, accepted = 'application/json') {
  return { error: 'invalid_request', message: MESSAGE, details: [{ path: 'Content-Type', message: `${sent} não é aceite; esta operação aceita ${accepted}` }] };
}

describe('API request bodies follow the document', () => {
  it('a form-encoded customer → 415 invalid_request, no customer stored', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    const response = await t.http.post('/v1/customers').set(bearer(token)).type('form').send({ name: 'FormCust' }).expect(415);
    expect(response.body).toMatchObject(refusal('application/x-www-form-urlencoded'));
    expect(t.store.count('customers')).toBe(0);
  });

  it('a form content type with an empty body is refused too (what a field-less HTML form sends)', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    await t.http.post('/api/v1/orders').set(bearer(token)).set('Content-Type', 'application/x-www-form-urlencoded').expect(415);
    expect(t.store.count('orders')).toBe(0);
  });

  it('the token operations take the form-encoded bodies their document lists', async () => {
    const t = await createTestApp();
    const issued = await t.http.post('/v1/auth/token').type('form').send(CLIENT).expect(200);
    await t.http.post('/v1/auth/token/refresh').type('form').send({ refresh_token: issued.body.data.refresh_token }).expect(200);
  });

  it('a text body on the token operation → 415 naming the two types it takes, no token issued', async () => {
    const t = await createTestApp();
    const response = await t.http.post('/v1/auth/token').set('Content-Type', 'text/plain').send('client_id=mock-client').expect(415);
    expect(response.body).toMatchObject(refusal('text/plain', 'application/json, application/x-www-form-urlencoded'));
    const token = await tokenFor(t);
    expect((await t.http.get('/v1/auth/token/list').set(bearer(token)).expect(200)).body.data).toHaveLength(1);
  });

  it('a charset parameter does not matter: JSON with charset=utf-8 is JSON', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    await t.http.post('/v1/customers').set(bearer(token)).set('Content-Type', 'application/json; charset=utf-8').send(JSON.stringify({ name: 'Ana' })).expect(201);
  });
});

describe('the admin API takes JSON bodies only', () => {
  it('a form-encoded client (what a page of another site can post) → 415, no client created', async () => {
    const t = await createTestApp();
    const response = await t.http.post('/__admin/clients').type('form').send({ clientId: 'planted', clientSecret: 'planted-secret' }).expect(415);
    expect(response.body).toMatchObject(refusal('application/x-www-form-urlencoded'));
    expect(t.deps.clients.find('planted')).toBeUndefined();
  });

  it('a reset with a form content type and no body → 415, nothing removed', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    await t.http.post('/v1/products/create').set(bearer(token)).send({ name: 'Capulana', price: 350 }).expect(201);
    await t.http.post('/__admin/reset').set('Content-Type', 'application/x-www-form-urlencoded').expect(415);
    expect(t.store.count('products')).toBe(1);
  });

  it('an operation without a body refuses a text/plain one: the clock stays frozen', async () => {
    const t = await createTestApp();
    await t.http.post('/__admin/clock/resume').set('Content-Type', 'text/plain').send('x').expect(415);
    expect((await t.http.get('/__admin/clock').expect(200)).body.data.frozen).toBe(true);
  });
});
