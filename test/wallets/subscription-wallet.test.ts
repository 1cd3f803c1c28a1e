/**
 * Subscription charges meet the payer's wallet as order payments do: a wallet that runs dry fails the next charge
 * INSUFFICIENT_BALANCE (counting, within one billing run, the charges it already paid), a locked wallet
 * WALLET_LOCKED, a charge over the limit WALLET_LIMIT_EXCEEDED; the statement lists each.
 */
import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, tokenFor, type TestApp } from '../support/test-app.ts';

const DAY = 86_400;
const WALLET = '/__admin/clients/mock-client/wallets/%2B258841112233';

async function subscribed(t: TestApp): Promise<{ id: string; auth: { Authorization: string } }> {
  const auth = bearer(await tokenFor(t));
  const body = {
    plan: { originPlanId: 'PLAN-M', name: 'Mensal', price: 499, interval: 'monthly' },
    customer: { merchantCustomerId: 'CUST-W', name: 'Ana Muianga', phone: '84 111 2233' },
  };
  return { id: (await t.http.post('/v1/subscriptions').set(auth).send(body).expect(201)).body.data.id, auth };
}

async function advance(t: TestApp, seconds: number): Promise<void> {
  t.clock.advance(seconds);
  await t.core.tick();
}

const charges = async (t: TestApp, id: string) => {
  const auth = bearer(await tokenFor(t));
  const listed = (await t.http.get(`/v1/payments?subscriptionId=${id}&limit=100`).set(auth).expect(200)).body.data as Array<{ status: string; failureReason?: { code: string } }>;
  return listed.reverse().map((payment) => [payment.status, payment.failureReason?.code]);
};

describe('a subscription whose payer has a wallet', () => {
  it('runs the wallet dry within one billing run: the third charge fails INSUFFICIENT_BALANCE, as the statement lists', async () => {
    const t = await createTestApp();
    await t.http.put(WALLET).send({ balance: 1000, pin: '1234' }).expect(201);
    const { id } = await subscribed(t);
    // Two months and a day in one jump: three charges billed in one run, before any is stored.
    await advance(t, 62 * DAY);
    expect(await charges(t, id)).toEqual([
      ['PAID', undefined],
      ['PAID', undefined],
      ['FAILED', 'INSUFFICIENT_BALANCE'],
    ]);
    expect((await t.http.get(`/v1/subscriptions/${id}`).set(bearer(await tokenFor(t))).expect(200)).body.data).toMatchObject({ status: 'PAST_DUE', attempts: 1 });
    expect((await t.http.get(WALLET).expect(200)).body.data.balance).toBe(2);
    const statement = (await t.http.get(`${WALLET}/statement`).expect(200)).body.data as Array<Record<string, unknown>>;
    expect(statement.map((line) => [line['kind'], line['subscriptionId'], line['amount'], line['balanceAfter'], (line['failureReason'] as { code?: string } | undefined)?.code])).toEqual([
      ['debit', id, 499, 501, undefined],
      ['debit', id, 499, 2, undefined],
      ['failed', id, 499, 2, 'INSUFFICIENT_BALANCE'],
    ]);
  });

  it('fails a charge from a locked wallet WALLET_LOCKED and one over the limit WALLET_LIMIT_EXCEEDED', async () => {
    const t = await createTestApp();
    await t.http.put(WALLET).send({ balance: 1000, pin: '1234', status: 'locked' }).expect(201);
    const { id } = await subscribed(t);
    await advance(t, 60);
    expect(await charges(t, id)).toEqual([['FAILED', 'WALLET_LOCKED']]);

    await t.http.put(WALLET).send({ status: 'active', limits: { perTransaction: 400 } }).expect(200);
    await advance(t, DAY + 60);
    expect(await charges(t, id)).toEqual([
      ['FAILED', 'WALLET_LOCKED'],
      ['FAILED', 'WALLET_LIMIT_EXCEEDED'],
    ]);
    expect((await t.http.get(WALLET).expect(200)).body.data.balance).toBe(1000);
  });
});
