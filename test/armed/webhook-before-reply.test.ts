/**
 * `webhook.before-reply` through a mock listening on 127.0.0.1 port 0, Node's fetch and a real receiver: the webhook
 * of the change a request makes reaches the receiver before the client reads the request's answer. A request that
 * sends no webhook leaves the arm; a receiver that never answers, or never reads, does not hold the answer past the
 * hold.
 */
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { Mock } from '../../src/sdk/start-mock.ts';
import { call, ORDER_BODY, placeOrder, startCheckedMock, tokenFor } from '../support/mock-helpers.ts';

const started: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const one of started.splice(0).reverse()) await one.close();
});

/** What the receiver saw of one delivery, and whether the client had its answer when it arrived. */
interface Arrival {
  orderId: unknown;
  type: string;
  clientHadAnswer: boolean;
}

/** A receiver that records each delivery with whether the shop had already read the answer (`answered()`). */
async function recordingReceiver(answered: () => boolean): Promise<{ url: string; arrivals: Arrival[] }> {
  const arrivals: Arrival[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { type: string; data: { orderId?: unknown } };
      arrivals.push({ orderId: body.data.orderId, type: body.type, clientHadAnswer: answered() });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  started.push({ close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))) });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, arrivals };
}

/** A TCP listener that accepts a connection and never reads from it nor answers. */
async function silentReceiver(): Promise<string> {
  const sockets: Socket[] = [];
  const server: TcpServer = createTcpServer((socket) => {
    socket.pause();
    sockets.push(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  started.push({ close: () => new Promise<void>((resolve) => (sockets.forEach((socket) => socket.destroy()), server.close(() => resolve()))) });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
}

async function payingMock(webhookUrl: (answered: () => boolean) => Promise<string>, heldAnswerSeconds = 10) {
  const mock = await startCheckedMock({ seedData: 'none', timeouts: { heldAnswerSeconds } });
  started.push({ close: () => mock.stop() });
  let answered = false;
  const url = await webhookUrl(() => answered);
  await mock.admin.clients.setWebhook('mock-client', { url, secret: 'whsec_before_reply_test' });
  // The first status poll pays the order: the poll's change sends the webhooks.
  await mock.admin.scenarios.activate('order-paid', { clientId: 'mock-client' });
  const token = await tokenFor(mock);
  const poll = async (orderId: string) => {
    const response = await fetch(`${mock.url}/v1/orders/${orderId}/status`, { headers: { Authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(8000) });
    answered = true;
    return response;
  };
  return { mock, token, poll };
}

const armedOf = async (mock: Mock) => (await mock.admin.outcomes.armed()).find((arm) => arm.outcome === 'webhook.before-reply');

describe('webhook.before-reply', () => {
  it('the receiver gets the order’s webhook before the shop reads the answer of the poll that paid it', async () => {
    let receiver: { url: string; arrivals: Arrival[] } | undefined;
    const { mock, token, poll } = await payingMock(async (answered) => {
      receiver = await recordingReceiver(answered);
      return receiver.url;
    });
    const orderId = await placeOrder(mock, token);
    await mock.admin.outcomes.arm('webhook.before-reply', { operation: 'getOrderStatus' });
    const answer = await poll(orderId);
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { data: { status: string } }).data.status).toBe('PAID');
    const order = receiver?.arrivals.filter((arrival) => arrival.type === 'order.status_changed') ?? [];
    expect(order).toEqual([{ orderId, type: 'order.status_changed', clientHadAnswer: false }]);
    const [entry] = await mock.admin.requests.list({ operationId: 'getOrderStatus' });
    expect(entry).toMatchObject({ status: 200, network: 'held', armed: ['webhook.before-reply'] });
    const story = await mock.admin.orders.story(orderId);
    expect(story.entries.map((one) => one.summary)).toContainEqual(expect.stringMatching(/^GET \/v1\/orders\/ord_\w+\/status answered 200 after its webhooks were sent/));
    const coverage = (await mock.admin.coverage('mock-client')).outcomes.find((outcome) => outcome.id === 'webhook.before-reply');
    expect(coverage?.status).toBe('met');
    expect(await armedOf(mock)).toMatchObject({ remaining: 0 });
  });

  it('a request whose change sends no webhook is answered at once and leaves the arm for the next', async () => {
    const { mock, token, poll } = await payingMock(async (answered) => (await recordingReceiver(answered)).url);
    await mock.admin.outcomes.arm('webhook.before-reply');
    const orderId = await placeOrder(mock, token);
    expect((await call(mock, 'GET', `/v1/orders/${orderId}`, { token })).status).toBe(200);
    expect(await armedOf(mock)).toMatchObject({ remaining: 1 });
    expect((await poll(orderId)).status).toBe(200);
    expect(await armedOf(mock)).toMatchObject({ remaining: 0 });
  });

  it('a receiver that never reads holds the answer no longer than the hold: the shop still gets it', async () => {
    const { mock, token, poll } = await payingMock(() => silentReceiver(), 0.3);
    const orderId = await placeOrder(mock, token);
    await mock.admin.outcomes.arm('webhook.before-reply', { operation: 'getOrderStatus' });
    const answer = await poll(orderId);
    expect(answer.status).toBe(200);
    const [entry] = await mock.admin.requests.list({ operationId: 'getOrderStatus' });
    expect(entry).toMatchObject({ network: 'held', armed: ['webhook.before-reply'] });
    expect(entry?.heldMs).toBeLessThan(5000);
  });

  it('placing an order sends no webhook (a webhook tells a status change): an arm for createOrder is answered at once and waits', async () => {
    const { mock, token } = await payingMock(async (answered) => (await recordingReceiver(answered)).url);
    await mock.admin.outcomes.arm('webhook.before-reply', { operation: 'createOrder' });
    const placed = await call(mock, 'POST', '/v1/orders', { token, body: ORDER_BODY });
    expect(placed.status).toBe(201);
    expect(await armedOf(mock)).toMatchObject({ remaining: 1 });
  });
});
