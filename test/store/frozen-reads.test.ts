/**
 * Reads hand out the store's own records, without a copy (the hot path): a handler that tries to change one it read
 * fails (the record is frozen) and the stored state stays as it was, nothing written.
 */
import { describe, expect, it } from 'vitest';
import { okData } from '../../src/domain/reply.ts';
import { insertBefore, type Stage } from '../../src/http/stage.ts';
import type { ProductRecord } from '../../src/domain/records.ts';
import { counting } from '../support/counting-store.ts';
import { bearer, createTestApp, tokenFor } from '../support/test-app.ts';
import { openStore } from '../../src/store/index.ts';

describe('records read without a copy', () => {
  it('a handler that changes a record it read answers 500 and changes nothing stored', async () => {
    const counted = counting(await openStore({}));
    let tried = 0;
    const meddling: Stage = {
      name: 'meddling-handler',
      run(request, next) {
        const id = request.parsed?.params['product_id'];
        if (request.context.operationId !== 'getProduct' || typeof id !== 'string') return next(request);
        const product = counted.store.get<ProductRecord>('products', id)!;
        tried += 1;
        (product as { name: string }).name = 'changed in place';
        return okData(product);
      },
    };
    const t = await createTestApp({}, { store: counted.store, stages: (defaults) => insertBefore(defaults, 'commit', meddling) });
    const auth = bearer(await tokenFor(t));
    const created = await t.http.post('/v1/products/create').set(auth).send({ name: 'Capulana', price: 350 }).expect(201);
    const id = (created.body as { data: { id: string } }).data.id;
    const writes = counted.writes();

    const refused = await t.http.get(`/v1/products/${id}`).set(auth).expect(500);
    expect(refused.body).toMatchObject({ error: 'erro_interno' });
    expect(tried).toBe(1);
    expect(t.store.get<ProductRecord>('products', id)?.name).toBe('Capulana');
    const listed = await t.http.get('/v1/products').set(auth).expect(200);
    expect(listed.body.data).toMatchObject([{ id, name: 'Capulana' }]);
    expect(counted.writes()).toBe(writes);
  });
});
