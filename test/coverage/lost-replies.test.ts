/** The handled rule of `network.reply-lost` on an order placed (src/coverage/lost-replies.ts), one valid and one invalid case each. */
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../src/domain/caller.ts';
import { lostOrderVerdict, placedOrder } from '../../src/coverage/lost-replies.ts';

const CART = { customer: { name: 'Ana', phone: '+258 84 000 0000' }, items: [{ name: 'Capulana', price: 350, quantity: 1 }] };

function exchange(operationId: string, status: number, options: { path?: string; sent?: unknown; data?: unknown } = {}): Exchange {
  return {
    context: { requestId: 'req_x', ip: '127.0.0.1', method: 'GET', path: options.path ?? '/v1/orders', query: '', receivedAt: new Date(0), baseUrl: '', policy: {} as never, startedMs: 0, operationId },
    status,
    headers: {},
    body: options.data === undefined ? undefined : { data: options.data },
    ...(options.sent !== undefined && { request: { headers: {}, body: options.sent } }),
  };
}

const placing = (id: string, cart: unknown = CART, amount = 350) => exchange('createOrder', 201, { path: '/v1/orders', sent: cart, data: { id, customerId: `cus_${id}`, amount } });
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

  it('not handled: the same cart placed again (the phone spelt otherwise), naming the duplicate', () => {
    const again = placing('ord_again', { ...CART, customer: { name: 'Ana M.', phone: '+258840000000' } });
    expect(lostOrderVerdict(lost, again)).toEqual({ handled: false, why: 'a duplicate order ord_again was placed for the same cart after the answer creating ord_lost was lost' });
    // Written nationally, or with 00: the same number as the API reads it, so the same cart.
    for (const phone of ['84 000 0000', '00258 84 000 0000']) {
      const national = placing('ord_national', { ...CART, customer: { name: 'Ana', phone } });
      expect(lostOrderVerdict(lost, national), phone).toMatchObject({ handled: false });
    }
  });

  it('no verdict: another cart, another amount, another order looked up, a refused look-up', () => {
    expect(lostOrderVerdict(lost, placing('ord_other', { ...CART, items: [{ name: 'Caju', price: 120, quantity: 1 }] }))).toBeUndefined();
    expect(lostOrderVerdict(lost, placing('ord_dearer', CART, 400))).toBeUndefined();
    expect(lostOrderVerdict(lost, exchange('getOrder', 200, { path: '/v1/orders/ord_other' }))).toBeUndefined();
    expect(lostOrderVerdict(lost, exchange('listOrders', 401))).toBeUndefined();
  });
});
