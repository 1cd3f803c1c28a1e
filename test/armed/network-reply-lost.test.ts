/**
 * `network.reply-lost` through the real HTTP stack, a real client socket (Node's fetch) and a mock listening on
 * 127.0.0.1 port 0: the order is made and committed, the client reads nothing; the journal, the order's story and
 * coverage say what happened, and coverage tells a client that looks the order up from one that places it twice.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Mock } from '../../src/sdk/start-mock.ts';
import { call, ORDER_BODY, startCheckedMock, tokenFor } from '../support/mock-helpers.ts';

const started: Mock[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((mock) => mock.stop()));
});

async function mockWithLostReply(): Promise<{ mock: Mock; token: string }> {
  const mock = await startCheckedMock({ seedData: 'none' });
  started.push(mock);
  const token = await tokenFor(mock);
  await mock.admin.outcomes.arm('network.reply-lost', { operation: 'createOrder' });
  return { mock, token };
}

/** POST /v1/orders as a shop sends it: fetch's own error when the connection fails. */
async function placeOrder(mock: Mock, token: string): Promise<Response> {
  return fetch(`${mock.url}/v1/orders`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(ORDER_BODY),
  });
}

/** The error fetch rejects with when the connection closes before the answer: its cause names the socket. */
async function lostAnswer(answer: Promise<Response>): Promise<void> {
  const error = (await answer.then(() => undefined, (thrown: unknown) => thrown)) as (TypeError & { cause?: { code?: string; message?: string } }) | undefined;
  expect(error).toBeInstanceOf(TypeError);
  expect(error?.message).toBe('fetch failed');
  expect(`${error?.cause?.code ?? ''} ${error?.cause?.message ?? ''}`).toMatch(/ECONNRESET|UND_ERR_SOCKET|other side closed/);
}

async function orderIds(mock: Mock, token: string): Promise<string[]> {
  return ((await call(mock, 'GET', '/v1/orders', { token })).body.data as Array<{ id: string }>).map((order) => order.id);
}

async function lostReplyCoverage(mock: Mock) {
  const report = await mock.admin.coverage('mock-client');
  return report.outcomes.find((outcome) => outcome.id === 'network.reply-lost');
}

describe('network.reply-lost armed for createOrder', () => {
  it('the order is made and committed while the client reads a socket error; the journal keeps the 201 it never saw', async () => {
    const { mock, token } = await mockWithLostReply();
    await lostAnswer(placeOrder(mock, token));
    const [orderId, ...more] = await orderIds(mock, token);
    expect(more).toEqual([]);
    const [entry] = await mock.admin.requests.list({ operationId: 'createOrder' });
    expect(entry).toMatchObject({ status: 201, network: 'reply_lost', armed: ['network.reply-lost'] });
    // What the client would have read is kept (masked), so QA can see which order it was.
    const detail = await mock.admin.requests.get(entry!.id);
    expect((detail.response?.body as { data: { id: string } }).data.id).toBe(orderId);
    expect(detail.request?.headers['authorization']).toBe('Bearer ***');
    expect(JSON.stringify(detail)).not.toContain(token);
    const story = await mock.admin.orders.story(orderId!);
    expect(story.entries.map((one) => one.summary)).toContainEqual(expect.stringMatching(/^the answer to POST \/v1\/orders was lost after the order was created \(201\)/));
    // Spent: the next order is answered.
    expect((await placeOrder(mock, token)).status).toBe(201);
  });

  it('a client that retries blindly places a duplicate: coverage says the lost reply was not handled and names it', async () => {
    const { mock, token } = await mockWithLostReply();
    await lostAnswer(placeOrder(mock, token));
    const retried = await placeOrder(mock, token);
    expect(retried.status).toBe(201);
    const duplicate = ((await retried.json()) as { data: { id: string } }).data.id;
    const [lost, ...others] = (await orderIds(mock, token)).filter((id) => id !== duplicate);
    expect(others).toEqual([]);
    const outcome = await lostReplyCoverage(mock);
    expect(outcome).toMatchObject({ status: 'met', armable: true });
    expect(outcome?.notHandled).toBe(`a duplicate order ${duplicate} was placed for the same cart after the answer creating ${lost} was lost`);
  });

  it('a client that looks the order up before placing it again handled it', async () => {
    const { mock, token } = await mockWithLostReply();
    await lostAnswer(placeOrder(mock, token));
    expect(await orderIds(mock, token)).toHaveLength(1);
    const outcome = await lostReplyCoverage(mock);
    expect(outcome).toMatchObject({ status: 'handled' });
    expect(outcome?.notHandled).toBeUndefined();
    expect(outcome?.handledRule).toMatch(/looked the order up/);
  });

  it('a lost token answer: the journal keeps what the client would have read with the token masked', async () => {
    const mock = await startCheckedMock({ seedData: 'none' });
    started.push(mock);
    await mock.admin.outcomes.arm('network.reply-lost', { operation: 'issueToken' });
    const { clientId, clientSecret } = mock.credentials;
    await lostAnswer(fetch(`${mock.url}/v1/auth/token`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ client_id: clientId, client_secret: clientSecret }) }));
    const [entry] = await mock.admin.requests.list({ operationId: 'issueToken' });
    expect(entry).toMatchObject({ status: 200, network: 'reply_lost' });
    const detail = await mock.admin.requests.get(entry!.id);
    expect(detail.response?.body).toMatchObject({ data: { access_token: '***', refresh_token: '***' } });
    expect(JSON.stringify(detail)).not.toContain(clientSecret);
  });

  it('another cart, or another order looked up, says nothing of the lost order: the rule waits for the move that does', async () => {
    const { mock, token } = await mockWithLostReply();
    await lostAnswer(placeOrder(mock, token));
    const other = await call(mock, 'POST', '/v1/orders', { token, body: { ...ORDER_BODY, items: [{ name: 'Caju', price: 120, quantity: 1 }] } });
    expect(other.status).toBe(201);
    expect(await lostReplyCoverage(mock)).toMatchObject({ status: 'met' });
    await call(mock, 'GET', `/v1/orders/${(other.body.data as { id: string }).id}/status`, { token });
    expect(await lostReplyCoverage(mock)).toMatchObject({ status: 'met' });
    await call(mock, 'GET', '/v1/orders', { token });
    expect(await lostReplyCoverage(mock)).toMatchObject({ status: 'handled' });
  });
});
