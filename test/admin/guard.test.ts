import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, tokenFor } from '../support/test-app.ts';
import { createProduct } from '../support/admin-helpers.ts';

const ADMIN_TOKEN = 'let-me-in-please';

describe('admin guard on a non-loopback host', () => {
  it('without the admin token a reset is refused with 401 invalid_token and removes nothing', async () => {
    const t = await createTestApp({ host: '0.0.0.0', adminToken: ADMIN_TOKEN });
    const token = await tokenFor(t);
    await createProduct(t, token);
    for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${ADMIN_TOKEN}`, `Bearer ${token}`]) {
      const request = t.http.post('/__admin/reset');
      const response = await (authorization ? request.set('Authorization', authorization) : request).expect(401);
      expect(response.body).toMatchObject({ error: 'invalid_token', message: 'Token de administração ausente ou inválido' });
    }
    expect(t.store.count('products')).toBe(1);
  });

  it('with the admin token every route answers: the reset goes through', async () => {
    const t = await createTestApp({ host: '0.0.0.0', adminToken: ADMIN_TOKEN });
    const token = await tokenFor(t);
    await createProduct(t, token);
    await t.http.post('/__admin/reset').set(bearer(ADMIN_TOKEN)).expect(200);
    expect(t.store.count('products')).toBe(0);
  });

  it('guards before routing: an unknown admin path or a bad body is 401 without the token, not 404 or 400', async () => {
    const t = await createTestApp({ host: '0.0.0.0', adminToken: ADMIN_TOKEN });
    await t.http.get('/__admin/no-such-route').expect(401);
    await t.http.post('/__admin/clock/advance').send({ seconds: -1 }).expect(401);
    await t.http.get('/__admin/no-such-route').set(bearer(ADMIN_TOKEN)).expect(404);
    await t.http.post('/__admin/clock/advance').set(bearer(ADMIN_TOKEN)).send({ seconds: -1 }).expect(400);
  });

  it('without an admin token configured, a non-loopback admin API is closed to everyone', async () => {
    const t = await createTestApp({ host: '0.0.0.0' });
    await t.http.post('/__admin/clients/mock-client/tokens/expire').set(bearer('anything')).expect(401);
    await t.http.get('/__admin/requests').expect(401);
  });

  it('on a loopback host no token is needed', async () => {
    const t = await createTestApp({ host: '127.0.0.1' });
    await t.http.get('/__admin/requests').expect(200);
  });

  it('a shorthand loopback host (127.1, ::ffff:127.0.0.1) needs no token either', async () => {
    for (const host of ['127.1', '::ffff:127.0.0.1']) {
      const t = await createTestApp({ host, adminToken: ADMIN_TOKEN });
      await t.http.get('/__admin/requests').expect(200);
    }
  });
});
