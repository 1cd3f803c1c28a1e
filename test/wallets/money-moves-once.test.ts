/**
 * Money moves once: when one clock move makes many PAID steps due at once (advance, run-until-idle), each meets the
 * wallet as it stands after every earlier debit of that move, so a wallet never pays what it no longer holds.
 */
import { describe, expect, it } from 'vitest';
import type { OrderRecord } from '../../src/domain/records.ts';
import { bearer, createTestApp, tokenFor, type TestApp } from '../support/test-app.ts';

const PHONE = '+258841110000';
const WALLET = `/__admin/clients/slow-job/wallets/${encodeURIComponent(PHONE)}`;
const ORDER_10 = {
  customer: { merchantCustomerId: 'C-10', name: 'Ana Sitoe', phone: '841110000' },
  items: [{ originProductId: 'P-10', name: 'Pão', price: 10, quantity: 1 }],
  shippingCost: 0,
  shippingAddressDisabled: true,
};

async function slowTenantWithTwoOrders(): Promise<{ t: TestApp; orders: string[] }> {
  const t = await createTestApp();
  const tenant = (await t.http.post('/__admin/tenants').send({ clientId: 'slow-job', clock: { frozenAt: '2030-03-01T08:00:00Z' }, scenario: 'slow-payment' }).expect(201)).body.data;
  const token = await tokenFor(t, { client_id: tenant.clientId, client_secret: tenant.clientSecret });
  await t.http.put(WALLET).send({ balance: 10, pin: '1234' }).expect(201);
  const orders: string[] = [];
  for (let i = 0; i < 2; i += 1) orders.push((await t.http.post('/v1/orders').set(bearer(token)).send(ORDER_10).expect(201)).body.data.id);
  return { t, orders };
}

async function statusesAndBalance(t: TestApp, orders: string[]) {
  const statuses = orders.map((id) => t.store.get<OrderRecord>('orders', id)?.status);
  const wallet = (await t.http.get(WALLET).expect(200)).body.data;
  const statement = (await t.http.get(`${WALLET}/statement`).expect(200)).body.data as Array<{ kind: string; amount: number; failureReason?: { code: string } }>;
  return { statuses, balance: wallet.balance, statement };
}

describe('a clock move that makes two PAID steps of one wallet due at once', () => {
  it('advance: the first pays, the second meets the balance the first left (INSUFFICIENT_BALANCE)', async () => {
    const { t, orders } = await slowTenantWithTwoOrders();
    await t.http.post('/__admin/clients/slow-job/clock/advance').send({ seconds: 601 }).expect(200);
    const { statuses, balance, statement } = await statusesAndBalance(t, orders);
    expect(statuses.sort()).toEqual(['FAILED', 'PAID']);
    expect(balance).toBe(0);
    expect(statement.map((line) => [line.kind, line.amount, line.failureReason?.code])).toEqual([
      ['debit', 10, undefined],
      ['failed', 10, 'INSUFFICIENT_BALANCE'],
    ]);
  });

  it('run-until-idle: the same', async () => {
    const { t, orders } = await slowTenantWithTwoOrders();
    await t.http.post('/__admin/clients/slow-job/clock/run-until-idle').send({ maxSeconds: 3600 }).expect(200);
    const { statuses, balance } = await statusesAndBalance(t, orders);
    expect(statuses.sort()).toEqual(['FAILED', 'PAID']);
    expect(balance).toBe(0);
  });
});

describe('a clock move that makes an order and a subscription charge of one wallet due at once', () => {
  it('meets the wallet in the order they came due: the charge (60 s) pays, the order (600 s) fails', async () => {
    const { t, orders } = await slowTenantWithTwoOrders();
    await t.http.put(WALLET).send({ balance: 10 }).expect(200);
    const tenantToken = (await t.http.get('/__admin/clients/slow-job/credentials').expect(200)).body.data;
    const auth = bearer(await tokenFor(t, { client_id: 'slow-job', client_secret: tenantToken.clientSecret }));
    const plan = { originPlanId: 'PLAN-10', name: 'Semanal', price: 10, interval: 'weekly' };
    await t.http.post('/v1/subscriptions').set(auth).send({ plan, customer: ORDER_10.customer }).expect(201);
    await t.http.post('/__admin/clients/slow-job/clock/advance').send({ seconds: 601 }).expect(200);
    const { statuses, balance, statement } = await statusesAndBalance(t, orders);
    expect(statuses).toEqual(['FAILED', 'FAILED']);
    expect(balance).toBe(0);
    expect(statement.map((line) => [line.kind, line.failureReason?.code])).toEqual([
      ['debit', undefined],
      ['failed', 'INSUFFICIENT_BALANCE'],
      ['failed', 'INSUFFICIENT_BALANCE'],
    ]);
  });
});
