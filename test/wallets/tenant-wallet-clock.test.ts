/**
 * A tenant's wallets live on the tenant's own clock: its prompt expires on that clock (the global clock moving does
 * not expire it), and its daily limit's day is the Maputo day of that clock (22:00 UTC on the tenant's clock starts
 * a new day there, whatever the global clock says).
 */
import { describe, expect, it } from 'vitest';
import { pay, placeOrder, WALLET_ORDER_600 } from '../support/checkout-helpers.ts';
import { createTestApp, tokenFor, type TestApp } from '../support/test-app.ts';

const WALLET = '/__admin/clients/job-t/wallets/%2B258841112233';

async function pushed(t: TestApp, token: string) {
  const order = await placeOrder(t, WALLET_ORDER_600, token);
  await pay(t, order.path, 'mpesa', '84 111 2233').expect(303);
  return order;
}
const answer = (t: TestApp) => t.http.post(`${WALLET}/prompt`).send({ action: 'pin', pin: '1234' }).expect(200);

describe("a tenant's wallet", () => {
  it('reads the prompt expiry and the daily limit day on the tenant clock', async () => {
    const t = await createTestApp();
    // 21:30 UTC on the tenant's clock is 23:30 in Maputo; the global clock stays at 2026-03-02T10:00:00Z.
    const tenant = (await t.http.post('/__admin/tenants').send({ clientId: 'job-t', clock: { frozenAt: '2026-05-01T21:30:00Z' } }).expect(201)).body.data;
    const token = await tokenFor(t, { client_id: tenant.clientId, client_secret: tenant.clientSecret });
    await t.http.put(WALLET).send({ balance: 5000, pin: '1234', limits: { perDay: 700 } }).expect(201);

    await pushed(t, token);
    expect((await t.http.get(WALLET).expect(200)).body.data.prompt).toMatchObject({ expiresAt: '2026-05-01T21:31:00.000Z', secondsLeft: 60 });
    // The global clock moving past the window does not expire the tenant's prompt.
    await t.http.post('/__admin/clock/advance').send({ seconds: 120 }).expect(200);
    expect((await t.http.get(WALLET).expect(200)).body.data.prompt).toMatchObject({ secondsLeft: 60 });
    expect((await answer(t)).body.data).toMatchObject({ status: 'PAID', wallet: { balance: 4400, spentToday: 600 } });

    // Same Maputo day on the tenant's clock: over the daily limit.
    await pushed(t, token);
    expect((await answer(t)).body.data).toMatchObject({ status: 'FAILED', failureReason: { code: 'WALLET_LIMIT_EXCEEDED' } });
    // 31 minutes later on the tenant's clock it is 00:01 in Maputo: a new day, the limit whole again.
    await t.http.post('/__admin/clients/job-t/clock/advance').send({ seconds: 31 * 60 }).expect(200);
    expect((await t.http.get(WALLET).expect(200)).body.data.spentToday).toBe(0);
    await pushed(t, token);
    expect((await answer(t)).body.data).toMatchObject({ status: 'PAID', wallet: { balance: 3800, spentToday: 600 } });
  });
});
