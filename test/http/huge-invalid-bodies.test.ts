/**
 * A body with hundreds of thousands of invalid elements (under the 1 MiB limit) is refused with a bounded 400, never
 * a 500: the validator's errors are gathered without spreading them onto the stack, and the answer names at most
 * MAX_DETAILS of them. Nothing is written.
 */
import { describe, expect, it } from 'vitest';
import { MAX_DETAILS } from '../../src/errors/failures.ts';
import { bearer, createTestApp, tokenFor } from '../support/test-app.ts';

describe('a huge invalid body', () => {
  it('300,000 empty products in a batch sync: 400 invalid_request with bounded details, nothing stored', async () => {
    const t = await createTestApp();
    const auth = bearer(await tokenFor(t));
    const before = t.store.count('products');
    const body = JSON.stringify({ products: Array.from({ length: 300_000 }, () => ({})) });
    expect(body.length).toBeLessThan(1024 * 1024);
    const answer = await t.http.post('/v1/products/sync/batch').set(auth).set('Content-Type', 'application/json').send(body);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('invalid_request');
    expect(answer.body.details.length).toBeGreaterThan(0);
    expect(answer.body.details.length).toBeLessThanOrEqual(MAX_DETAILS);
    expect(t.store.count('products')).toBe(before);
  });

  it('60,000 orders items of the wrong type: 400, not 500', async () => {
    const t = await createTestApp();
    const auth = bearer(await tokenFor(t));
    const before = t.store.count('orders');
    const items = Array.from({ length: 60_000 }, () => ({ quantity: 'x' }));
    const answer = await t.http.post('/v1/orders').set(auth).send({ customer: { name: 'A' }, items });
    expect(answer.status).toBe(400);
    expect(answer.body.details.length).toBeLessThanOrEqual(MAX_DETAILS);
    expect(t.store.count('orders')).toBe(before);
  });
});
