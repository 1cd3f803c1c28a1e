/**
 * The console's clock panel is the selected client's: it says whether that client runs on its own clock (a tenant)
 * or follows the global one, moves only the tenant's clock when asked, and lets it follow the global clock again.
 */
import { describe, expect, it } from 'vitest';
import { click, consolePerTest } from '../support/console-driver.ts';

const openConsole = consolePerTest();

describe('the console clock panel and tenants', () => {
  it('shows a tenant\'s own clock, moves only it, and makes it follow the global clock again', async () => {
    const { t, page } = await openConsole();
    await t.http.post('/__admin/tenants').send({ clientId: 'job-a', clock: { frozenAt: '2026-05-01T08:00:00Z' } }).expect(201);
    await expect.poll(() => page.locator('[data-testid="client-select"] option[value="job-a"]').count(), { timeout: 5000 }).toBe(1);

    await page.getByTestId('client-select').selectOption('job-a');
    await expect.poll(() => page.getByTestId('clock-scope').textContent(), { timeout: 5000 }).toBe('Clock of job-a: its own');
    expect(await page.getByTestId('clock-own').isChecked()).toBe(true);

    await click(page, 'clock-advance-hour', /^Clock \+1 hour: /);
    expect((await t.http.get('/__admin/clients/job-a/clock').expect(200)).body.data.now).toBe('2026-05-01T09:00:00.000Z');
    expect((await t.http.get('/__admin/clock').expect(200)).body.data.now).toBe('2026-03-02T10:00:00.000Z');

    await click(page, 'clock-follow-global', /^Clock: follows the global clock/);
    await expect.poll(() => page.getByTestId('clock-scope').textContent(), { timeout: 5000 }).toBe('Clock of job-a: follows the global clock');
    expect((await t.http.get('/__admin/clients/job-a/clock').expect(200)).body.data.own).toBe(false);

    await page.getByTestId('client-select').selectOption('mock-client');
    await expect.poll(() => page.getByTestId('clock-scope').textContent(), { timeout: 5000 }).toBe('Clock of mock-client: follows the global clock');
  });
});
