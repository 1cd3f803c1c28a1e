/**
 * The console's coverage panel shows the selected client's outcome coverage: each group's met and handled counts,
 * the outcomes not met with how to provoke them, another client's own, and a start afresh.
 */
import { describe, expect, it } from 'vitest';
import { ORDER_BODY } from '../support/admin-helpers.ts';
import { click, consolePerTest } from '../support/console-driver.ts';
import { bearer, tokenFor } from '../support/test-app.ts';

const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 5000 });
const openConsole = consolePerTest();

describe('the console coverage panel', () => {
  it('shows the groups with their counts, the missing outcomes with their hint, per client, and starts afresh', async () => {
    const { t, page } = await openConsole();
    const token = await tokenFor(t);
    await t.http.post('/v1/orders').set(bearer(token)).send(ORDER_BODY).expect(201);
    await t.http.post('/__admin/clients/mock-client/tokens/expire').expect(200);
    await t.http.get('/v1/orders').set(bearer(token)).expect(401);
    await t.http.get('/v1/orders').set(bearer(await tokenFor(t))).expect(200);

    const panel = page.getByTestId('coverage-panel');
    await eventually(() => panel.getByTestId('coverage-summary').textContent()).toMatch(/^4 of \d+ met, 1 handled$/);
    const auth = panel.locator('[data-testid="coverage-group"][data-group="auth"]');
    expect(await auth.getByTestId('coverage-met').textContent()).toBe('1');
    expect(await auth.getByTestId('coverage-handled').textContent()).toBe('1');
    expect(await panel.locator('[data-testid="coverage-group"][data-group="orders"]').getByTestId('coverage-met').textContent()).toBe('2');
    const missing = panel.locator('[data-testid="coverage-missing-row"][data-outcome="payer.INSUFFICIENT_BALANCE"]');
    expect(await missing.getByTestId('coverage-hint').textContent()).toContain('+258 84 000 0001');
    expect(await panel.locator('[data-testid="coverage-missing-row"][data-outcome="auth.token.expired"]').count()).toBe(0);

    await t.http.post('/__admin/clients').send({ clientId: 'shop-2', clientSecret: 'shop-2-secret', name: 'Loja 2' }).expect(201);
    await eventually(() => page.locator('[data-testid="client-select"] option[value="shop-2"]').count()).toBe(1);
    await page.getByTestId('client-select').selectOption('shop-2');
    await eventually(() => panel.getByTestId('coverage-summary').textContent()).toMatch(/^0 of \d+ met, 0 handled$/);
    await page.getByTestId('client-select').selectOption('mock-client');
    await eventually(() => panel.getByTestId('coverage-summary').textContent()).toMatch(/^4 of/);
    await click(page, 'coverage-clear', 'Coverage of mock-client started afresh');
    await eventually(() => panel.getByTestId('coverage-summary').textContent()).toMatch(/^0 of \d+ met, 0 handled$/);
  }, 30_000);
});
