/**
 * `commerce-mock trigger <event>` against one running mock (in process) and one local receiver: every event of the
 * catalogue reaches the receiver as the real, signed webhook; overrides change the created record; refusals
 * (unknown event, client without endpoint, forbidden override) exit 2 having created nothing; a failing receiver
 * exits 1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type Mock } from '../../src/index.ts';
import { WEBHOOK_FIXTURES } from '../../src/provider-states/webhook-fixtures.ts';
import { verifySignature } from '../../src/webhooks/webhooks.ts';
import { runCli } from '../support/cli.ts';
import { startReceiver, type Receiver } from '../support/webhook-receiver.ts';

const SECRET = 'trigger-secret-1';
let mock: Mock;
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
  mock = await startMock({
    clients: [
      { clientId: 'mock-client', clientSecret: 'mock-secret', webhook: { url: receiver.url, secret: SECRET } },
      { clientId: 'quiet', clientSecret: 'quiet-secret' },
    ],
  });
});
afterAll(async () => {
  await mock.stop();
  await receiver.close();
});

const ordersOf = async (clientId: string) =>
  ((await (await fetch(`${mock.url}/__admin/clients/${clientId}/orders`)).json()) as { data: Array<{ id: string; amount: number; customerId: string }> }).data;

describe('commerce-mock trigger', () => {
  it('sends each event of the catalogue to the client endpoint as the real signed webhook, and prints what it created', async () => {
    for (const fixture of WEBHOOK_FIXTURES) {
      const before = receiver.received.length;
      const { code, stdout, stderr } = await runCli(['trigger', fixture.event, '--url', mock.url]);
      expect({ event: fixture.event, code, stderr }).toEqual({ event: fixture.event, code: 0, stderr: '' });
      expect(stdout).toContain(`trigger ${fixture.event} on ${mock.url} (client mock-client)`);
      expect(stdout).toMatch(new RegExp(`delivery whd_\\S+ to ${receiver.url}: delivered \\(HTTP 200\\)`));
      const subject = /(order|subscription) ((?:ord|sub)_\S+)/.exec(stdout);
      const eventId = new RegExp(`webhook ${fixture.webhook.type} (evt_\\S+) \\(${fixture.webhook.status}\\)`).exec(stdout)?.[1];
      // The seeded records of the mock move on the clock too: the event printed is the one to find.
      const hit = receiver.received.slice(before).find((seen) => seen.body.id === eventId);
      expect(hit, fixture.event).toBeDefined();
      expect([hit!.body.type, hit!.body.data['status'], hit!.body.data[`${subject![1]}Id`]]).toEqual([fixture.webhook.type, fixture.webhook.status, subject![2]]);
      // Signed at the real time of sending, as a receiver checks it (the fixtures move the mock clock).
      const now = Math.floor(Date.now() / 1000);
      expect(verifySignature(hit!.rawBody, String(hit!.headers['x-mock-signature']), SECRET, 300, now)).toBe(true);
    }
    // The subscription fixtures' scenario was the client's for the run only; their tokens were given back.
    const scenarios = (await (await fetch(`${mock.url}/__admin/scenarios/active`)).json()) as { data: { clients: Record<string, string> } };
    expect(scenarios.data.clients).toEqual({});
    const tokens = (await (await fetch(`${mock.url}/__admin/clients/mock-client/tokens`)).json()) as { data: unknown[] };
    expect(tokens.data).toEqual([]);
  });

  it('--override changes the created record', async () => {
    const { code, stdout } = await runCli(['trigger', 'order.paid', '--url', mock.url, '--override', 'items.0.price=900', '--override', 'items.0.quantity=2']);
    expect(code).toBe(0);
    const orderId = /order (ord_\S+)/.exec(stdout)![1];
    expect((await ordersOf('mock-client')).find((order) => order.id === orderId)?.amount).toBe(1800);
  });

  it('refuses an unknown event, a client without endpoint and a prototype override with exit 2, creating nothing', async () => {
    const count = (await ordersOf('mock-client')).length;
    const unknown = await runCli(['trigger', 'order.shipped', '--url', mock.url]);
    expect([unknown.code, unknown.stderr]).toEqual([2, expect.stringContaining('unknown event "order.shipped"; one of: order.paid, order.failed')]);
    const quiet = await runCli(['trigger', 'order.paid', '--url', mock.url, '--client', 'quiet', '--client-secret', 'quiet-secret']);
    expect([quiet.code, quiet.stderr]).toEqual([2, 'commerce-mock trigger: client quiet has no webhook endpoint: set one (PUT /__admin/clients/quiet/webhook or the config file)\n']);
    const polluting = await runCli(['trigger', 'order.paid', '--url', mock.url, '--override', '__proto__.admin=true']);
    expect([polluting.code, polluting.stderr]).toEqual([2, 'commerce-mock trigger: --override __proto__.admin=true: a field may not be named __proto__\n']);
    expect((await ordersOf('quiet')).length).toBe(0);
    expect((await ordersOf('mock-client')).length).toBe(count);
  });

  it('exits 1 naming the answer when the receiver refuses the delivery, and when the API refuses an overridden body', async () => {
    receiver.status = 500;
    try {
      const refused = await runCli(['trigger', 'order.failed', '--url', mock.url]);
      expect(refused.code).toBe(1);
      expect(refused.stdout).toContain('not delivered yet (HTTP 500); retried on the mock clock');
    } finally {
      receiver.status = 200;
    }
    const invalid = await runCli(['trigger', 'order.paid', '--url', mock.url, '--override', 'items=[]']);
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain('POST /v1/orders answered 400');
  });
});
