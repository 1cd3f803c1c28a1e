/**
 * What a QA tester does with the console: reproduce "the payer's wallet was locked after three wrong PINs and the
 * order failed" (the wallet made and the wrong PINs typed in the Payer's phone view; the orders pushed from the
 * checkout page, as the payer's shop does), open the failed order's story, and send a colleague the link: in a
 * browser of their own, the link opens the same story.
 */
import { describe, expect, it } from 'vitest';
import { pay, placeOrder, WALLET_ORDER_600 } from '../support/checkout-helpers.ts';
import { click, consolePerTest, openView } from '../support/console-driver.ts';
import type { TestApp } from '../support/test-app.ts';

const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 10_000 });
const openConsole = consolePerTest();

async function pushed(t: TestApp) {
  const order = await placeOrder(t, WALLET_ORDER_600);
  await pay(t, order.path, 'mpesa', '84 111 2233').expect(303);
  return order;
}

describe('a locked wallet, reproduced and shared from the console', { timeout: 90_000 }, () => {
  it('three wrong PINs lock the wallet, the next order fails WALLET_LOCKED, and its story opens from a pasted link', async () => {
    const { t, page } = await openConsole();
    await openView(page, 'phone');
    await page.getByTestId('wallet-new-phone').fill('84 111 2233');
    await page.getByTestId('wallet-new-balance').fill('1000');
    await page.getByTestId('wallet-new-pin').fill('1234');
    await click(page, 'wallet-create', /^Wallet 84 111 2233 saved/);

    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const order = await pushed(t);
      await eventually(() => page.getByTestId('handset-prompt').isVisible()).toBe(true);
      await page.getByTestId('handset-pin').fill('9999');
      await click(page, 'handset-pin-submit', new RegExp(`^PIN sent: order ${order.id} FAILED`));
      // The answered prompt leaves the phone before the next is pushed: a PIN typed into the closing prompt would be
      // cleared when the next one (another payment) shows, and its submit would send nothing.
      await eventually(() => page.getByTestId('handset-prompt-box').isHidden()).toBe(true);
    }
    await eventually(() => page.getByTestId('wallet-row').getByTestId('wallet-status').textContent()).toBe('locked');

    const failed = await pushed(t);
    await openView(page, 'records');
    const row = page.locator(`[data-testid="order-row"][data-order-id="${failed.id}"]`);
    await row.getByTestId('order-story').click();
    await page.locator('[data-view="story"]').waitFor({ state: 'visible' });
    const kinds = () => page.getByTestId('story-entry').evaluateAll((entries) => entries.map((entry) => `${entry.getAttribute('data-kind')}: ${entry.textContent ?? ''}`));
    await eventually(async () => (await kinds()).some((line) => line.includes('WALLET_LOCKED'))).toBe(true);
    const seen = await kinds();
    // Oldest first: the order is placed, pushed from the checkout page, refused by the locked wallet, and fails.
    const at = (pattern: RegExp) => seen.findIndex((line) => pattern.test(line));
    expect(at(/^request:.*POST \/v1\/orders/)).toBe(0);
    expect(at(/^checkout:/)).toBeGreaterThan(0);
    expect(at(/WALLET_LOCKED/)).toBeGreaterThan(at(/^checkout:/));
    expect(at(/^status_change:.*FAILED/)).toBeGreaterThan(at(/^checkout:/));

    // The link a tester pastes into the bug report: a colleague's browser opens the same story.
    const link = page.url();
    expect(new URL(link).hash).toBe(`#/orders/${failed.id}?clientId=mock-client`);
    // A context of its own: no storage, no history shared with the tester's page.
    const colleague = await page.context().browser()!.newContext();
    try {
      const theirs = await colleague.newPage();
      await theirs.goto(link);
      await theirs.locator('[data-view="story"]').waitFor({ state: 'visible' });
      expect(await theirs.getByTestId('story-title').textContent()).toBe(`Order ${failed.id}`);
      await eventually(() => theirs.getByTestId('story-entry').count()).toBe(seen.length);
    } finally {
      await colleague.close();
    }
  });
});
