/**
 * The console's virtual handset, at a desktop's width (1280 px) and a phone's (360 px): a wallet made through the
 * admin API shows with its balance; a push from the checkout page shows on the phone as the phone words it, with the
 * time left on the mock clock; the right PIN pays and debits the wallet, Cancel cancels the payment; top up, PIN
 * reset and unlock change what the panel shows; nothing is wider than the screen.
 */
import { describe, expect, it } from 'vitest';
import { pay, placeOrder, statusOf, WALLET_ORDER_600 as ORDER_600 } from '../support/checkout-helpers.ts';
import { click, consolePerTest, openView } from '../support/console-driver.ts';
import { overflows } from '../support/console-overflow.ts';
import type { TestApp } from '../support/test-app.ts';

const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 5000 });
const WALLET = '/__admin/clients/mock-client/wallets/%2B258841112233';

const openConsole = consolePerTest();

async function pushed(t: TestApp) {
  const order = await placeOrder(t, ORDER_600);
  await pay(t, order.path, 'mpesa', '84 111 2233').expect(303);
  return order;
}

describe.each([1280, 360])('the handset panel at %i px', { timeout: 60_000 }, (width) => {
  it('shows the prompt, pays with the PIN, cancels, tops up, resets the PIN and unlocks', async () => {
    const { t, page } = await openConsole();
    await page.setViewportSize({ width, height: 800 });
    await openView(page, 'phone');
    await t.http.put(WALLET).send({ balance: 1000, pin: '1234', limits: { perDay: 5000 } }).expect(201);
    const row = page.getByTestId('wallet-row');
    await eventually(() => row.getByTestId('wallet-balance').textContent()).toBe('1000.00 MZN');
    expect(await row.getByTestId('wallet-limits').textContent()).toBe('per day 5000.00 MZN');
    expect(await page.getByTestId('handset-idle').isVisible()).toBe(true);

    // The push shows on the phone as the admin API words it, with 60 s left on the (frozen) mock clock.
    const first = await pushed(t);
    const prompt = (await t.http.get(WALLET).expect(200)).body.data.prompt;
    expect(prompt.text).toMatch(/^Confirme o pagamento de 600,00 MZN a /);
    await eventually(() => page.getByTestId('handset-prompt').textContent()).toBe(prompt.text);
    expect(await page.getByTestId('handset-countdown').textContent()).toBe('60 s');
    await t.http.post('/__admin/clock/advance').send({ seconds: 15 }).expect(200);
    await eventually(() => page.getByTestId('handset-countdown').textContent()).toBe('45 s');
    expect(await overflows(page)).toEqual([]);

    await page.getByTestId('handset-pin').fill('1234');
    await click(page, 'handset-pin-submit', new RegExp(`^PIN sent: order ${first.id} PAID, balance 400.00 MZN$`));
    await eventually(() => row.getByTestId('wallet-balance').textContent()).toBe('400.00 MZN');
    expect(await page.getByTestId('handset-idle').isVisible()).toBe(true);
    expect((await statusOf(t, first)).status).toBe('PAID');

    // Cancel on the phone cancels the payment; the balance stays.
    const second = await pushed(t);
    await eventually(() => page.getByTestId('handset-prompt').isVisible()).toBe(true);
    await click(page, 'handset-cancel', new RegExp(`^Payment cancelled on the phone: order ${second.id} CANCELLED \\(PAYER_CANCELLED\\), balance 400.00 MZN$`));
    expect((await statusOf(t, second)).status).toBe('CANCELLED');

    // Top up adds to the balance.
    await page.getByTestId('handset-topup-amount').fill('300.25');
    await click(page, 'handset-topup', /^Topped up 300.25 MZN: \+258841112233: balance 700.25 MZN, active$/);
    await eventually(() => row.getByTestId('wallet-balance').textContent()).toBe('700.25 MZN');

    // A locked wallet shows Unlock; unlocking makes it active again.
    await t.http.put(WALLET).send({ status: 'locked' }).expect(200);
    await eventually(() => row.getByTestId('wallet-status').textContent()).toBe('locked');
    await click(page, 'handset-unlock', /^Unlocked: \+258841112233: balance 700.25 MZN, active$/);
    await eventually(() => row.getByTestId('wallet-status').textContent()).toBe('active');
    expect(await page.getByTestId('handset-unlock').isVisible()).toBe(false);

    // A reset PIN is the one the next prompt takes.
    await page.getByTestId('handset-new-pin').fill('4321');
    await click(page, 'handset-pin-reset', /^PIN reset: \+258841112233: /);
    const third = await pushed(t);
    await eventually(() => page.getByTestId('handset-prompt').isVisible()).toBe(true);
    await page.getByTestId('handset-pin').fill('4321');
    await click(page, 'handset-pin-submit', new RegExp(`^PIN sent: order ${third.id} PAID, balance 100.25 MZN$`));
    await eventually(() => row.getByTestId('wallet-balance').textContent()).toBe('100.25 MZN');
    expect(await overflows(page)).toEqual([]);
  });
});
