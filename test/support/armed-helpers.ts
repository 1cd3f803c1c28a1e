/** Set-ups the armed-outcome tests share: a fresh app with an outcome armed for mock-client, its payer's wallet. */
import { createTestApp, tokenFor, type TestApp } from './test-app.ts';

export const ARMED = '/__admin/clients/mock-client/armed';
/** The wallet of +258 84 111 2233, the payer of WALLET_ORDER_600 (checkout-helpers.ts). */
export const PAYER_WALLET = `/__admin/clients/mock-client/wallets/${encodeURIComponent('+258841112233')}`;

/** A fresh app, a token of mock-client, the payer's wallet (PIN 1234) when `balance` is given, then `outcome` armed. */
export async function armedApp(outcome: string, balance?: number): Promise<{ t: TestApp; token: string }> {
  const t = await createTestApp();
  const token = await tokenFor(t);
  if (balance !== undefined) await t.http.put(PAYER_WALLET).send({ balance, pin: '1234' }).expect(201);
  await t.http.post(ARMED).send({ outcome }).expect(201);
  return { t, token };
}
