/**
 * On a full disk the mock never reports a write it did not make: the write answers 500 and leaves no trace, reads
 * keep working, and once space returns the same request succeeds (it is not "já existe").
 */
import { describe, expect, it } from 'vitest';
import { storeOnDisk } from '../support/full-disk.ts';
import { bearer, createTestApp, tokenFor } from '../support/test-app.ts';

describe('a full disk', () => {
  it('refuses writes with 500 and no trace, serves reads, and recovers when space returns', async () => {
    const { disk, store } = storeOnDisk();
    const t = await createTestApp({}, { store });
    const auth = bearer(await tokenFor(t));
    const capulana = { name: 'Capulana', price: 350, originProductId: 'SKU-CAP-1' };
    disk.full = true;
    const refused = await t.http.post('/v1/products/create').set(auth).send(capulana).expect(500);
    expect(refused.body.error).toBe('erro_interno');
    expect(t.events.map((event) => event.type)).toEqual(['token.issued', 'token.issued']);
    // Reads need no durable write, even though verifying the token refreshes its lastUsedAt.
    const list = await t.http.get('/v1/products').set(auth).expect(200);
    expect(list.body.data).toEqual([]);
    await t.http.get('/v1/auth/token/list').set(auth).expect(200);
    disk.full = false;
    const created = await t.http.post('/v1/products/create').set(auth).send(capulana).expect(201);
    expect((await t.http.get('/v1/products').set(auth).expect(200)).body.data).toEqual([created.body.data]);
    expect(disk.written.join('')).toContain(created.body.data.id);
  });
});
