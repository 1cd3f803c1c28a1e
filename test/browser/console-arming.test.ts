/**
 * The console's coverage view arms an outcome the mock can arm for the selected client (and offers no Arm on one
 * only the integration causes), lists what is armed under the coverage, and disarms it.
 */
import { describe, expect, it } from 'vitest';
import { click, consolePerTest, openView } from '../support/console-driver.ts';

const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 5000 });
const openConsole = consolePerTest();

describe('arming from the console coverage view', () => {
  it('arms order.final.CANCELLED, lists it, and disarms it', async () => {
    const { t, page } = await openConsole();
    await openView(page, 'coverage', 'open=order,orders');
    const panel = page.getByTestId('coverage-panel');
    const row = (id: string) => panel.locator(`[data-testid="coverage-outcome"][data-outcome="${id}"]`);
    await row('order.final.CANCELLED').waitFor({ state: 'visible' });
    expect(await row('orders.create.201').getByTestId('coverage-arm').count()).toBe(0);
    const armedPanel = page.getByTestId('armed-panel');
    expect(await armedPanel.isVisible()).toBe(false);

    await click(page, 'coverage-arm', "Armed order.final.CANCELLED for mock-client: met by its next order placed, when it ends: at the status poll that ends it (the 3rd by default), at a scenario's time step, or when the payer answers the checkout push or the checkout page", row('order.final.CANCELLED'));
    const armed = armedPanel.locator('[data-testid="armed-row"][data-outcome="order.final.CANCELLED"]');
    await eventually(() => armed.getByTestId('armed-next').textContent()).toBe('its next order placed');
    expect(await armed.getByTestId('armed-left').textContent()).toBe('1 of 1');
    expect(await row('order.final.CANCELLED').getByTestId('coverage-armed-mark').textContent()).toBe(' armed ×1');
    expect((await t.http.get('/__admin/clients/mock-client/armed').expect(200)).body.data).toMatchObject([{ outcome: 'order.final.CANCELLED', remaining: 1, meets: 'order' }]);

    await click(page, 'armed-disarm', 'Disarmed order.final.CANCELLED', armedPanel);
    await eventually(() => armedPanel.isVisible()).toBe(false);
    expect((await t.http.get('/__admin/clients/mock-client/armed').expect(200)).body.data).toEqual([]);
  }, 60_000);
});
