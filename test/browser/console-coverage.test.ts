/**
 * The console's coverage view shows the selected client's outcome coverage at a glance: each group closed, with its
 * met and handled counts and a bar; a group opens to its outcomes, their hints with code shown as code; the filters
 * (not met, met not handled) are in the address; a met outcome links to the journal where it was met; another
 * client's own coverage; a start afresh.
 */
import { describe, expect, it } from 'vitest';
import { ORDER_BODY } from '../support/admin-helpers.ts';
import { click, consolePerTest, openView } from '../support/console-driver.ts';
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

    await openView(page, 'coverage');
    const panel = page.getByTestId('coverage-panel');
    await eventually(() => panel.getByTestId('coverage-summary').textContent()).toMatch(/^4 of \d+ met, 1 handled$/);
    const auth = panel.locator('[data-testid="coverage-group"][data-group="auth"]');
    expect(await auth.getByTestId('coverage-met').textContent()).toBe('1');
    expect(await auth.getByTestId('coverage-handled').textContent()).toBe('1');
    expect(await panel.locator('[data-testid="coverage-group"][data-group="orders"]').getByTestId('coverage-met').textContent()).toBe('2');
    // Closed until opened: no outcome shows.
    expect(await auth.getAttribute('open')).toBeNull();
    expect(await panel.getByTestId('coverage-outcome').first().isVisible()).toBe(false);

    // Not met: the filter is in the address; the hint shows its code spans as code, no backtick left.
    await panel.getByTestId('coverage-filter').selectOption('not-met');
    await eventually(() => page.evaluate('location.hash')).toContain('filter=not-met');
    const missing = panel.locator('[data-testid="coverage-outcome"][data-outcome="payer.INSUFFICIENT_BALANCE"]');
    expect(await missing.getByTestId('coverage-hint').textContent()).toContain('+258 84 000 0001');
    expect(await panel.locator('[data-testid="coverage-outcome"][data-outcome="auth.token.expired"]').count()).toBe(0);
    const products = panel.locator('[data-testid="coverage-group"][data-group="products"]');
    await products.locator('summary').click();
    const hint = products.locator('[data-testid="coverage-outcome"][data-outcome="products.list.200"] [data-testid="coverage-hint"]');
    expect(await hint.isVisible()).toBe(true);
    expect(await hint.locator('code').first().textContent()).toBe('GET /v1/products');
    expect(await hint.textContent()).not.toContain('`');
    await eventually(() => page.evaluate('location.hash')).toContain('open=products');

    // Met, not handled: the token expired outcome is handled, so it is not there; a met one links to the journal.
    await panel.getByTestId('coverage-filter').selectOption('met-not-handled');
    const created = panel.locator('[data-testid="coverage-outcome"][data-outcome="orders.create.201"]');
    expect(await created.count()).toBe(1);
    expect(await panel.locator('[data-testid="coverage-outcome"][data-outcome="auth.token.expired"]').count()).toBe(0);
    await panel.locator('[data-testid="coverage-group"][data-group="orders"] summary').click();
    await created.getByTestId('coverage-journal-link').click();
    await page.locator('[data-view="journal"]').waitFor({ state: 'visible' });
    await eventually(() => page.getByTestId('journal').getByTestId('journal-path').allTextContents()).toEqual(['/v1/orders']);
    expect(await page.getByTestId('journal-status-filter').inputValue()).toBe('201');
    await page.goBack();
    await page.locator('[data-view="coverage"]').waitFor({ state: 'visible' });
    expect(await panel.getByTestId('coverage-filter').inputValue()).toBe('met-not-handled');

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
