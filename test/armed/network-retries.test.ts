/**
 * What a client does after an unknown outcome, through a mock listening on 127.0.0.1 port 0 and Node's fetch: coverage
 * judges the retry (after the hold, or while it was held; once, or into a duplicate), and a duplicate order is linked
 * to the first in the journal and told in its story.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Mock } from '../../src/sdk/start-mock.ts';
import { call, ORDER_BODY, startCheckedMock, tokenFor } from '../support/mock-helpers.ts';

const HOLD_SECONDS = 0.4;
const started: Mock[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((mock) => mock.stop()));
});

async function armed(outcome: 'network.timeout' | 'network.reset' | 'network.reply-lost', heldAnswerSeconds = HOLD_SECONDS) {
  const mock = await startCheckedMock({ seedData: 'none', timeouts: { heldAnswerSeconds } });
  started.push(mock);
  const token = await tokenFor(mock);
  await mock.admin.outcomes.arm(outcome, { operation: 'createOrder' });
  return { mock, token };
}

/** POST /v1/orders as a shop with a client timeout sends it: the answer, or the error fetch rejects with. */
function placeOrder(mock: Mock, token: string, signal: AbortSignal = AbortSignal.timeout(5000)): Promise<Response | Error> {
  return fetch(`${mock.url}/v1/orders`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(ORDER_BODY),
    signal,
  }).catch((error: unknown) => error as Error);
}

/** The shop gives up on an order whose answer is held: once the order is made (the hold begins after it), it aborts. */
async function giveUpWhileHeld(mock: Mock, token: string): Promise<Error | Response> {
  const controller = new AbortController();
  const answer = placeOrder(mock, token, controller.signal);
  for (let tries = 0; tries < 100 && ((await call(mock, 'GET', '/v1/orders', { token })).body.data as unknown[]).length === 0; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  controller.abort(new DOMException('the shop gave up', 'TimeoutError'));
  const failed = await answer;
  // The mock judges what it sees in the order it sees it: the retry goes once it has seen the connection close.
  for (let tries = 0; tries < 50 && (await mock.admin.requests.list({ operationId: 'createOrder' }))[0]?.network !== 'closed_while_held'; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return failed;
}

const idOf = async (answer: Response | Error) => {
  if (answer instanceof Error) throw answer;
  expect(answer.status).toBe(201);
  return ((await answer.json()) as { data: { id: string } }).data.id;
};
const coverageOf = async (mock: Mock, id: string) => (await mock.admin.coverage('mock-client')).outcomes.find((outcome) => outcome.id === id);
const holdPassed = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000 + 100));
/** Long enough for the shop to see its order made and give up while the answer is still held, on a loaded machine. */
const GIVE_UP_HOLD_SECONDS = 2;

describe('a retry after an unknown outcome, judged', () => {
  it('network.timeout: the shop gives up, waits the hold out and looks the orders up: handled', async () => {
    const { mock, token } = await armed('network.timeout', GIVE_UP_HOLD_SECONDS);
    expect(await giveUpWhileHeld(mock, token)).toMatchObject({ name: 'TimeoutError' });
    await holdPassed(GIVE_UP_HOLD_SECONDS);
    expect((await call(mock, 'GET', '/v1/orders', { token })).status).toBe(200);
    expect(await coverageOf(mock, 'network.timeout')).toMatchObject({ status: 'handled' });
  });

  it('network.timeout: the shop retries at once, while the answer is still held: not handled, the retry and the duplicate named', async () => {
    const { mock, token } = await armed('network.timeout', 30);
    expect(await giveUpWhileHeld(mock, token)).toMatchObject({ name: 'TimeoutError' });
    const again = await idOf(await placeOrder(mock, token));
    const outcome = await coverageOf(mock, 'network.timeout');
    expect(outcome?.status).toBe('met');
    expect(outcome?.notHandled).toMatch(new RegExp(`^a duplicate order ${again} was placed for the same cart after the answer creating ord_\\w+ was held past the client’s timeout; createOrder was sent again \\(req_\\w+\\) [\\d.]+ s before the held answer to req_\\w+ was due`));
  });

  it('network.reset: one retry is handled; a second order for the same cart is a duplicate of the retry, in the journal and the story', async () => {
    const { mock, token } = await armed('network.reset');
    expect(await placeOrder(mock, token)).toMatchObject({ cause: { code: 'ECONNRESET' } });
    const retry = await idOf(await placeOrder(mock, token));
    expect(await coverageOf(mock, 'network.reset')).toMatchObject({ status: 'handled' });
    const twice = await idOf(await placeOrder(mock, token));
    const outcome = await coverageOf(mock, 'network.reset');
    expect(outcome).toMatchObject({ status: 'met', notHandled: `a duplicate order ${twice} was placed for the same cart after ${retry}, the retry of a request reset before it was handled` });
    const [entry] = await mock.admin.requests.list({ operationId: 'createOrder' });
    expect(entry).toMatchObject({ status: 201, duplicateOf: retry, duplicateAfter: 'network.reset', duplicateAfterMs: expect.any(Number) });
  });

  it('network.reply-lost then a blind retry: the journal links the duplicate to the first, and its story says so', async () => {
    const { mock, token } = await armed('network.reply-lost');
    expect(await placeOrder(mock, token)).toBeInstanceOf(TypeError);
    const duplicate = await idOf(await placeOrder(mock, token));
    const [first] = ((await call(mock, 'GET', '/v1/orders', { token })).body.data as Array<{ id: string }>).map((order) => order.id).filter((id) => id !== duplicate);
    const [entry, lost] = await mock.admin.requests.list({ operationId: 'createOrder' });
    expect(lost).toMatchObject({ network: 'reply_lost' });
    expect(lost?.duplicateOf).toBeUndefined();
    expect(entry).toMatchObject({ duplicateOf: first, duplicateAfter: 'network.reply-lost' });
    const story = await mock.admin.orders.story(duplicate);
    expect(story.entries.map((one) => one.summary)).toContainEqual(
      expect.stringMatching(new RegExp(`^POST /v1/orders answered 201: placed again for the same cart [\\d.]+ s after the answer creating ${first} was lost$`)),
    );
    // The lost order's own story is unchanged by it.
    expect((await mock.admin.orders.story(first!)).entries.map((one) => one.summary).join('\n')).not.toContain('placed again');
  });

  it('the go-live profile requires network.reply-lost handled', async () => {
    const { GO_LIVE } = await import('../../src/coverage/coverage-requirements.ts');
    expect(GO_LIVE).toContainEqual(expect.objectContaining({ pattern: 'network.reply-lost', must: 'handled' }));
  });
});
