/**
 * A traced request in the console's journal: its trace id, a button that copies it, and, where the mock was given a
 * trace URL (COMMERCE_MOCK_TRACE_URL), a link to the trace with the id in its place.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/platform/log.ts';
import { startOtelTracing } from '../../src/tracing/otel-tracing.ts';
import { click, consolePerTest, issueToken, openView, send } from '../support/console-driver.ts';
import { startOtlpReceiver } from '../support/otlp-receiver.ts';

const openConsole = consolePerTest();
const closing: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
});

describe('a traced request in the journal', () => {
  it.each([
    ['with a trace URL: the id, a copy button and a link', 'http://jaeger.example:16686/trace/{traceId}'],
    ['without one: the id and a copy button', undefined],
  ])('%s', { timeout: 60_000 }, async (_name, traceUrl) => {
    const collector = await startOtlpReceiver();
    closing.push(() => collector.close());
    const tracing = await startOtelTracing({ exporter: 'otlp', endpoint: collector.url, protocol: 'http/json', serviceName: 'commerce-mock', sampler: 'always_on' }, silentLogger, 'test');
    closing.push(() => tracing.shutdown(100));
    const { t, page } = await openConsole(traceUrl ? { traceUrl } : {}, { tracing });
    await page.setViewportSize({ width: 1280, height: 800 });
    await issueToken(page);
    expect(await send(page)).toBe('200');
    const [entry] = (await t.http.get('/__admin/requests?operationId=listProducts&limit=1').expect(200)).body.data as Array<{ id: string; traceId: string }>;
    expect(entry?.traceId).toMatch(/^[0-9a-f]{32}$/);

    await openView(page, 'journal');
    // The row of the call the page sent (its list call), once a refresh has shown it.
    const row = page.locator(`[data-testid="journal-row"][data-request-id="${entry?.id}"]`);
    await row.waitFor({ state: 'visible', timeout: 10_000 });
    await click(page, 'journal-open', /^Request \S+ opened$/, row);
    const detail = page.getByTestId('journal-detail');
    expect(await detail.getByTestId('journal-trace-id').textContent()).toBe(entry?.traceId);
    expect(await detail.getByTestId('journal-trace-copy').isVisible()).toBe(true);
    const links = detail.getByTestId('journal-trace-link');
    if (traceUrl) expect(await links.getAttribute('href')).toBe(`http://jaeger.example:16686/trace/${entry?.traceId}`);
    else expect(await links.count()).toBe(0);
  });
});
