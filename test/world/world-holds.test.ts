/**
 * What a request's world holds: its client's webhook endpoint, armed outcomes and journal, read through it, and the
 * policy of the request's own scenario. Seen by a stage placed after the scenario's (a feature plugs in there), and
 * where it shows to a user: a request sent with `X-Mock-Scenario: webhooks-duplicated` has its webhooks delivered
 * twice, as its client's scenario would (the world's policy once was the client's alone, so the header's was lost).
 */
import { describe, expect, it } from 'vitest';
import type { World } from '../../src/deps/world.ts';
import type { Stage } from '../../src/http/stage.ts';
import { bearer, createTestApp, tokenFor } from '../support/test-app.ts';
import { appSendingTo, placeAnOrder, SECRET } from '../support/webhook-support.ts';
import { receiversClosedAfterEach } from '../support/webhook-receiver.ts';

const receiver = receiversClosedAfterEach();

describe("a request's world", () => {
  it('holds its endpoint, its armed outcomes, its journal, and the policy of the request’s scenario', async () => {
    const seen: World[] = [];
    const probe: Stage = { name: 'probe', run: (request, next) => (request.world && seen.push(request.world), next(request)) };
    // Right before the commit stage, which must stand right before the handler.
    const beforeCommit = (defaults: readonly Stage[]) => defaults.findIndex((stage) => stage.precedes !== undefined);
    const t = await createTestApp({}, { stages: (defaults) => [...defaults.slice(0, beforeCommit(defaults)), probe, ...defaults.slice(beforeCommit(defaults))] });
    const token = await tokenFor(t);
    await t.http.put('/__admin/clients/mock-client/webhook').send({ url: 'http://127.0.0.1:9/hooks', secret: SECRET }).expect(200);
    await t.http.post('/__admin/clients/mock-client/armed').send({ outcome: 'server.500', operation: 'createPlan' }).expect(201);
    await t.http.get('/v1/products').set(bearer(token)).set('X-Mock-Scenario', 'webhooks-duplicated').expect(200);

    const world = seen.at(-1) as World;
    expect(world.clientId).toBe('mock-client');
    expect(world.webhookEndpoint()?.url).toBe('http://127.0.0.1:9/hooks');
    expect(world.armedOutcomes().map((arm) => [arm.outcome, arm.remaining])).toEqual([['server.500', 1]]);
    const { entries, total } = world.journal(1);
    expect(total).toBe(2);
    expect(entries.map((entry) => [entry.method, entry.path])).toEqual([['GET', '/v1/products']]);
    expect(world.policy.webhooks.duplicateDeliveries).toBe(true);

    await t.http.get('/v1/products').set(bearer(token)).expect(200);
    expect((seen.at(-1) as World).policy.webhooks.duplicateDeliveries).toBe(false);
  });

  it('delivers the webhooks of a request sent with X-Mock-Scenario: webhooks-duplicated twice, and only that request’s', async () => {
    const hooks = await receiver();
    const t = await appSendingTo(hooks.url);
    const token = await tokenFor(t);
    const payWith = async (headers: Record<string, string>) => {
      const orderId = await placeAnOrder(t, token);
      // The default progression pays it at its 3rd status poll: order.paid and payment.paid, two webhooks.
      for (let poll = 1; poll <= 3; poll += 1) await t.http.get(`/v1/orders/${orderId}/status`).set(bearer(token)).set(headers).expect(200);
      await t.core.webhooks.idle();
      return hooks.received.filter((hook) => JSON.stringify(hook.body.data).includes(orderId));
    };

    const duplicated = await payWith({ 'X-Mock-Scenario': 'webhooks-duplicated' });
    expect(duplicated.map((hook) => hook.body.type).sort()).toEqual(['order.status_changed', 'order.status_changed', 'payment.status_changed', 'payment.status_changed']);
    expect(new Set(duplicated.map((hook) => hook.body.id)).size).toBe(2);
    const deliveries = await t.http.get('/__admin/webhooks/deliveries').expect(200);
    expect((deliveries.body as { data: { duplicateOf?: string }[] }).data.filter((delivery) => delivery.duplicateOf)).toHaveLength(2);

    const plain = await payWith({});
    expect(plain.map((hook) => hook.body.type).sort()).toEqual(['order.status_changed', 'payment.status_changed']);
  });
});
