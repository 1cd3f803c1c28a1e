/**
 * The handled rule of `network.reply-lost` on an order placed (src/coverage/lost-replies.ts), one valid and one invalid
 * case each, and the duplicate watch (src/coverage/duplicate-orders.ts): the same cart placed again, however the phone is spelt.
 */
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../src/domain/caller.ts';
import { createDuplicateOrders } from '../../src/coverage/duplicate-orders.ts';
import { duplicateStory, lostOrderVerdict, placedOrder } from '../../src/coverage/lost-replies.ts';

const CART = { customer: { name: 'Ana', phone: '+258 84 000 0000' }, items: [{ name: 'Capulana', price: 350, quantity: 1 }] };

function exchange(operationId: string, status: number, options: { path?: string; sent?: unknown; data?: unknown; atMs?: number } = {}): Exchange {
  return {
    context: {
      requestId: 'req_x',
      ip: '127.0.0.1',
      method: 'GET',
      path: options.path ?? '/v1/orders',
      query: '',
      receivedAt: new Date(options.atMs ?? 0),
      baseUrl: '',
      policy: {} as never,
      startedMs: 0,
      operationId,
      world: { clientId: 'mock-client', nowMs: () => 0 },
    },
    status,
    headers: {},
    body: options.data === undefined ? undefined : { data: options.data },
    ...(options.sent !== undefined && { request: { headers: {}, body: options.sent } }),
  };
}

const placing = (id: string, cart: unknown = CART, amount = 350, atMs = 0) =>
  exchange('createOrder', 201, { path: '/v1/orders', sent: cart, data: { id, customerId: `cus_${id}`, amount }, atMs });
/** An order placed whose answer the client never read. */
const lostPlacing = (id: string) => ({ ...placing(id), network: { fate: 'reply_lost' as const } });
const lost = placedOrder(placing('ord_lost'))!;

describe('the lost reply of an order placed', () => {
  it('is known by its order and cart; an answer that placed no order starts nothing', () => {
    expect(lost.orderId).toBe('ord_lost');
    expect(placedOrder(exchange('createOrder', 400, { sent: CART }))).toBeUndefined();
    expect(placedOrder(exchange('listOrders', 200, { data: [] }))).toBeUndefined();
  });

  it('handled: the list, or the lost order looked up by its id', () => {
    expect(lostOrderVerdict(lost, exchange('listOrders', 200, { data: [] }))).toEqual({ handled: true });
    expect(lostOrderVerdict(lost, exchange('getOrderStatus', 200, { path: '/v1/orders/ord_lost/status' }))).toEqual({ handled: true });
  });

  it('not handled: the same cart placed again, as the duplicate watch marked it, naming the duplicate', () => {
    const again = placing('ord_again');
    again.context.duplicateOf = { orderId: 'ord_lost', after: 'network.reply-lost', afterMs: 800 };
    expect(lostOrderVerdict(lost, again)).toEqual({ handled: false, why: 'a duplicate order ord_again was placed for the same cart after the answer creating ord_lost was lost' });
  });

  it('no verdict: another cart, another amount, another order looked up, a refused look-up', () => {
    expect(lostOrderVerdict(lost, placing('ord_other', { ...CART, items: [{ name: 'Caju', price: 120, quantity: 1 }] }))).toBeUndefined();
    expect(lostOrderVerdict(lost, placing('ord_dearer', CART, 400))).toBeUndefined();
    expect(lostOrderVerdict(lost, exchange('getOrder', 200, { path: '/v1/orders/ord_other' }))).toBeUndefined();
    expect(lostOrderVerdict(lost, exchange('listOrders', 401))).toBeUndefined();
  });
});

describe('the duplicate watch', () => {
  it('marks the same cart placed again after a lost answer (the phone spelt otherwise), with how long after', () => {
    const watch = createDuplicateOrders();
    watch.observe(lostPlacing('ord_lost'));
    for (const phone of ['+258840000000', '84 000 0000', '00258 84 000 0000']) {
      const again = placing(`ord_${phone.length}`, { ...CART, customer: { name: 'Ana M.', phone } }, 350, 800);
      watch.observe(again);
      expect(again.context.duplicateOf, phone).toEqual({ orderId: 'ord_lost', after: 'network.reply-lost', afterMs: 800 });
    }
    expect(duplicateStory({ orderId: 'ord_lost', after: 'network.reply-lost', afterMs: 800 })).toBe('placed again for the same cart 0.8 s after the answer creating ord_lost was lost');
  });

  it('marks nothing: another cart, another amount, past the window, after a look-up of the first, after an answer that was read', () => {
    const watch = createDuplicateOrders();
    watch.observe(lostPlacing('ord_lost'));
    const others = [
      placing('ord_other', { ...CART, items: [{ name: 'Caju', price: 120, quantity: 1 }] }),
      placing('ord_dearer', CART, 400),
      placing('ord_late', CART, 350, 11 * 60_000),
    ];
    for (const other of others) watch.observe(other);
    expect(others.map((one) => one.context.duplicateOf)).toEqual([undefined, undefined, undefined]);
    const lookedUp = createDuplicateOrders();
    lookedUp.observe(lostPlacing('ord_lost'));
    lookedUp.observe(exchange('listOrders', 200, { data: [] }));
    const chosen = placing('ord_chosen');
    lookedUp.observe(chosen);
    expect(chosen.context.duplicateOf).toBeUndefined();
    const read = createDuplicateOrders();
    read.observe(placing('ord_read'));
    const after = placing('ord_after');
    read.observe(after);
    expect(after.context.duplicateOf).toBeUndefined();
  });

  it('after a reset, the retry is the cart’s first order and a second one is its duplicate', () => {
    const watch = createDuplicateOrders();
    watch.observe({ ...exchange('createOrder', 0, { sent: CART }), network: { fate: 'reset' } });
    const retry = placing('ord_retry', CART, 350, 100);
    watch.observe(retry);
    expect(retry.context.duplicateOf).toBeUndefined();
    const twice = placing('ord_twice', CART, 350, 400);
    watch.observe(twice);
    expect(twice.context.duplicateOf).toEqual({ orderId: 'ord_retry', after: 'network.reset', afterMs: 300 });
  });
});
