/**
 * The webhook rules of the audit, one by one, each with a receiver that shows the habit and one that does not: a
 * delivery of the tenant's order to its endpoint, and drills (docs/webhooks.md) against a receiver.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mock } from '../../src/sdk/start-mock.ts';
import { startCheckedMock } from '../support/mock-helpers.ts';
import { AUDIT_CART, auditTenant, type AuditTenant } from '../support/audit-clients.ts';
import { exampleReceiver, serversClosedAfterEach, STANDARD_SECRET } from '../support/drill-support.ts';
import { receiversClosedAfterEach, type Receiver } from '../support/webhook-receiver.ts';

const SECRET = 'whsec_audit_0123456789';
const receiver = receiversClosedAfterEach();
const listening = serversClosedAfterEach();

let mock: Mock;
beforeAll(async () => {
  // A receiver slower than 1 s is slow here: the slow one waits 2 s, the quick one answers at once.
  mock = await startCheckedMock({ logLevel: 'silent', audit: { receiverSlowSeconds: 1 } });
});
afterAll(() => mock.stop());

/** A tenant whose order is paid on its first poll, with its endpoint at the receiver: its deliveries once attempted. */
async function deliveredTo(target: Receiver): Promise<AuditTenant> {
  const shop = await auditTenant(mock, { scenario: 'order-paid', webhook: { url: target.url, secret: SECRET } });
  const token = await shop.token();
  const orderId = (await shop.send('POST', '/v1/orders', { token, body: AUDIT_CART })).body.data.id as string;
  await shop.wait(2);
  expect((await shop.send('GET', `/v1/orders/${orderId}/status`, { token })).body.data.status).toBe('PAID');
  // The deliveries go out in the background: read until the first attempt of each is recorded.
  for (let reads = 0; reads < 500; reads += 1) {
    const deliveries = await shop.tenant.webhooks.deliveries();
    if (deliveries.length > 0 && deliveries.every((delivery) => delivery.attempts.length > 0)) return shop;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('no delivery was attempted');
}

const findingOf = async (shop: AuditTenant, id: string) => (await shop.audit()).findings.find((finding) => finding.id === id);

/** Any POST answered 200 at once: a receiver that checks nothing. */
const acceptingEverything = (): Server =>
  createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(200).end('ok'));
  });

describe('webhook.receiver-slow', () => {
  it('naive: a receiver answering after 2 s is a warning naming its deliveries', async () => {
    const slow = await receiver();
    slow.delayMs = 2000;
    const shop = await deliveredTo(slow);
    const found = await findingOf(shop, 'webhook.receiver-slow');
    const deliveries = await shop.tenant.webhooks.deliveries();
    expect(found?.severity).toBe('warning');
    expect(found?.evidence.deliveryIds).toEqual(deliveries.map((delivery) => delivery.id));
    expect(found?.evidence.numbers.limitSeconds).toBe(1);
  });

  it('careful: a receiver answering at once is no finding', async () => {
    const quick = await receiver();
    expect(await findingIds(await deliveredTo(quick))).toEqual([]);
  });
});

describe('webhook.receiver-rejects-valid', () => {
  it('naive: a receiver answering 401 to correctly signed deliveries is an error naming them', async () => {
    const refusing = await receiver();
    refusing.status = 401;
    const shop = await deliveredTo(refusing);
    const found = await findingOf(shop, 'webhook.receiver-rejects-valid');
    expect(found?.severity).toBe('error');
    expect(found?.evidence.deliveryIds?.length).toBeGreaterThan(0);
    expect(found?.verdict).toMatch(/^the webhook receiver refused \d+ valid deliver(y|ies)$/);
  });

  it('careful: a receiver answering 2xx is no finding', async () => {
    const accepting = await receiver();
    expect(await findingIds(await deliveredTo(accepting))).toEqual([]);
  });
});

describe('webhook.receiver-accepts-forged', () => {
  it('naive: a receiver that answers 200 to a drill\'s forged deliveries is an error naming the drill', async () => {
    const shop = await auditTenant(mock);
    const url = await listening(acceptingEverything());
    const drill = await mock.admin.drills.run({ url, clientId: shop.clientId, format: 'standard', secret: STANDARD_SECRET, timeoutSeconds: 2, seed: 1 });
    const found = await findingOf(shop, 'webhook.receiver-accepts-forged');
    expect(found?.severity).toBe('error');
    expect(found?.evidence.drillIds).toEqual([drill.id]);
    expect(found?.verdict).toContain('forged');
  });

  it('careful: the example receiver of examples/receivers/ passes the drill and is no finding', async () => {
    const shop = await auditTenant(mock);
    const { server } = await exampleReceiver(STANDARD_SECRET);
    const url = await listening(server);
    const drill = await mock.admin.drills.run({ url, clientId: shop.clientId, format: 'standard', secret: STANDARD_SECRET, timeoutSeconds: 2, seed: 1 });
    expect(drill.status).toBe('passed');
    const audit = await shop.audit();
    expect(audit.findings).toEqual([]);
    expect(audit.basedOn.drills).toBe(1);
  });
});

async function findingIds(tenant: AuditTenant): Promise<string[]> {
  return (await tenant.audit()).findings.map((finding) => finding.id);
}
