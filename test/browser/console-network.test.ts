/**
 * The console's coverage view shows the selected client's network profile (docs/network-failures.md#profiles):
 * applies one, shows its ramp with the stage the client's clock is in, follows the clock into the next stage (where
 * the journal's row of a reset request names the profile and its stage), and removes it.
 */
import { describe, expect, it } from 'vitest';
import { click, consolePerTest, openView } from '../support/console-driver.ts';

const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 5000 });
const openConsole = consolePerTest();

describe('the network profile in the console', () => {
  it('applies outage-30s, marks the stage its clock is in, follows the clock (the journal names it on a reset request), and removes it', async () => {
    const { t, page } = await openConsole();
    await openView(page, 'coverage');
    const panel = page.getByTestId('network-panel');
    await eventually(() => panel.getByTestId('network-summary').textContent()).toBe('no network profile: its requests are answered as usual');
    await panel.getByTestId('network-profile-select').selectOption('outage-30s');
    await click(page, 'network-apply', /^Applied outage-30s to mock-client: seed \d+$/, panel);
    await eventually(() => panel.getByTestId('network-summary').textContent()).toMatch(/^outage-30s, stage calm, seed \d+; 0 requests met/);
    const current = panel.locator('[data-testid="network-stage"][data-current="true"]');
    expect(await panel.getByTestId('network-stage').count()).toBe(4);
    expect(await current.getAttribute('data-stage')).toBe('calm');
    expect(await panel.locator('[data-testid="network-stage"][data-stage="outage"]').getByTestId('network-does').textContent()).toBe('reset 100%');

    await t.http.post('/__admin/clients/mock-client/clock/advance').send({ seconds: 25 }).expect(200);
    await eventually(() => current.getAttribute('data-stage')).toBe('outage');

    // In the outage every connection is reset: the journal's row says so, and which profile and stage did it.
    const reset = await fetch(new URL('/v1/auth/token', page.url()), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ client_id: 'mock-client', client_secret: 'mock-secret' }) }).catch((error: Error) => error);
    expect(reset).toBeInstanceOf(Error);
    await openView(page, 'journal');
    const row = page.getByTestId('journal-row').first();
    await eventually(() => row.getByTestId('journal-network').textContent()).toBe('reset (outage-30s@outage)');
    expect(await row.getByTestId('journal-status').textContent()).toBe('dropped');
    expect(await row.getAttribute('class')).toContain('failed');
    await openView(page, 'coverage');

    await click(page, 'network-remove', 'Removed the network profile of mock-client', panel);
    await eventually(() => panel.getByTestId('network-summary').textContent()).toBe('no network profile: its requests are answered as usual');
    await t.http.get('/__admin/clients/mock-client/network-profile').expect(404);
  }, 60_000);
});
