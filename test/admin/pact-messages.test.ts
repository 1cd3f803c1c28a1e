/**
 * `POST /__admin/pact/messages`: Pact's message producer protocol served by the mock. The
 * verifier POSTs `{description, providerStates}`; the answer is the webhook payload the event causes, its metadata
 * in `Pact-Message-Metadata` (base64 JSON). Nothing is sent anywhere, and the verifying client is started afresh after. States naming no
 * event of the catalogue are a 400 naming `providerStates`, and change nothing.
 */
import { describe, expect, it } from 'vitest';
import { listeningAppsClosedAfterEach } from '../support/listening-app.ts';

const listening = listeningAppsClosedAfterEach();

const post = (url: string, body: object) => fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe('POST /__admin/pact/messages', () => {
  it('answers the order.paid webhook payload with its metadata, after the state setup the verifier sends first', async () => {
    const { t, base } = await listening();
    const setup = await post(`${base}/provider-states`, { state: 'order.paid is triggered', params: { event: 'order.paid' }, action: 'setup' });
    expect([setup.status, await setup.json()]).toEqual([200, { runId: expect.any(String) }]);
    const answer = await post(`${base}/messages`, { description: 'an order.status_changed webhook', providerStates: [{ name: 'order.paid is triggered', params: { event: 'order.paid' } }] });
    expect(answer.status).toBe(200);
    expect(JSON.parse(Buffer.from(answer.headers.get('pact-message-metadata') ?? '', 'base64').toString('utf8'))).toEqual({ contentType: 'application/json' });
    expect(await answer.json()).toEqual({
      id: expect.stringMatching(/^evt_/),
      type: 'order.status_changed',
      createdAt: t.clock.now().toISOString(),
      data: { orderId: expect.stringMatching(/^ord_/), status: 'PAID' },
    });
    // Its session is over: the verifying client was started afresh (no order, no endpoint, no scenario left behind).
    expect(t.store.count('orders')).toBe(0);
    expect(t.core.webhooks.endpoint('mock-client')).toBeUndefined();
    expect(t.core.webhooks.deliveries({})).toEqual([]);
    const teardown = await post(`${base}/provider-states`, { state: 'order.paid is triggered', action: 'teardown' });
    expect([teardown.status, await teardown.json()]).toEqual([200, {}]);
  }, 60_000);

  it('states that name no webhook event: 400 naming providerStates, nothing made', async () => {
    const { t, base } = await listening();
    for (const providerStates of [[{ name: 'order.refunded is triggered' }], [], [{ name: 'client mock-client is active' }]]) {
      const answer = await post(`${base}/messages`, { description: 'x', providerStates });
      const body = (await answer.json()) as { error: string; message: string; details: Array<{ path: string }> };
      expect([answer.status, body.error, body.details.map((detail) => detail.path)]).toEqual([400, 'invalid_request', ['providerStates']]);
      expect(body.message).toContain('order.paid');
    }
    const setup = await post(`${base}/provider-states`, { state: 'order.refunded is triggered', action: 'setup' });
    expect(setup.status).toBe(500);
    expect(t.store.count('orders')).toBe(0);
  });
});
