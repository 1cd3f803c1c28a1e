/**
 * The console's Audit view shows the selected client's findings as the admin API (and so the MCP tool and the CLI)
 * answers them: each with its severity, verdict, why and fix, a link to the journal around its requests and to each
 * order's story; the severity filter is in the address; a client with nothing to say shows so.
 */
import { describe, expect, it } from 'vitest';
import { ORDER_BODY } from '../support/admin-helpers.ts';
import { consolePerTest, openView } from '../support/console-driver.ts';
import { bearer, tokenFor } from '../support/test-app.ts';

const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 5000 });
const openConsole = consolePerTest();

describe('the console audit view', () => {
  it('shows each finding with its evidence as links, filters by severity in the address, and says when there is none', async () => {
    const { t, page } = await openConsole();
    let token = '';
    for (let call = 0; call < 4; call += 1) token = await tokenFor(t);
    const orderId = (await t.http.post('/v1/orders').set(bearer(token)).send(ORDER_BODY).expect(201)).body.data.id as string;
    for (let poll = 0; poll < 5; poll += 1) await t.http.get(`/v1/orders/${orderId}/status`).set(bearer(token)).expect(200);
    const { findings } = (await t.http.get('/__admin/clients/mock-client/audit').expect(200)).body.data as { findings: Array<{ id: string; verdict: string }> };
    expect(findings.map((finding) => finding.id)).toEqual(expect.arrayContaining(['poll.tight', 'token.churn']));

    await openView(page, 'audit');
    const panel = page.getByTestId('audit-panel');
    await eventually(() => panel.getByTestId('audit-rule').allTextContents()).toEqual(findings.map((finding) => finding.id));
    expect(await panel.getByTestId('audit-verdict').allTextContents()).toEqual(findings.map((finding) => finding.verdict));
    expect(await panel.getByTestId('audit-summary').textContent()).toMatch(/^2 errors, \d warnings, 0 info; based on \d+ requests/);
    const tight = panel.locator('[data-testid="audit-finding"][data-rule="poll.tight"]');
    expect(await tight.getAttribute('data-severity')).toBe('error');
    expect(await tight.getByTestId('audit-fix').textContent()).toMatch(/^How to fix it: /);
    expect(await tight.getByTestId('audit-request-ids').locator('code').count()).toBe(4);

    // The order's story, from the finding.
    await tight.getByTestId('audit-story-link').click();
    await page.locator('[data-view="story"]').waitFor({ state: 'visible' });
    await eventually(() => page.evaluate('location.hash')).toContain(`#/orders/${orderId}`);
    await page.goBack();
    await page.locator('[data-view="audit"]').waitFor({ state: 'visible' });

    // The journal around the requests, the client's only.
    await tight.getByTestId('audit-journal-link').click();
    await page.locator('[data-view="journal"]').waitFor({ state: 'visible' });
    await eventually(() => page.getByTestId('journal').getByTestId('journal-path').allTextContents()).toContain(`/v1/orders/${orderId}/status`);
    await page.goBack();
    await page.locator('[data-view="audit"]').waitFor({ state: 'visible' });

    await panel.getByTestId('audit-severity').selectOption('warning');
    await eventually(() => page.evaluate('location.hash')).toContain('severity=warning');
    await t.http.delete('/__admin/requests').expect(200);
    await eventually(() => panel.getByTestId('audit-none').textContent()).toBe('No finding: the integration behaves as docs/audit.md asks.');
  });
});
