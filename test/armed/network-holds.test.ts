/**
 * `network.reset`, `network.timeout` and `network.timeout-before-commit` through a mock listening on 127.0.0.1
 * port 0 and Node's fetch: what the client sees, what is written (nothing, before the commit), what the journal
 * says, that a hold is bounded, and that stopping the mock does not wait for a held answer.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { configSchema } from '../../src/platform/config.ts';
import { monotonicMs } from '../../src/platform/clock.ts';
import type { Mock, StartMockOptions } from '../../src/sdk/start-mock.ts';
import { call, ORDER_BODY, startCheckedMock, tokenFor } from '../support/mock-helpers.ts';

const HOLD_SECONDS = 0.4;
const started: Mock[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((mock) => mock.stop()));
});

async function armed(outcome: 'network.reset' | 'network.timeout' | 'network.timeout-before-commit' | 'network.slow-body', options: StartMockOptions = {}) {
  const mock = await startCheckedMock({ seedData: 'none', timeouts: { heldAnswerSeconds: HOLD_SECONDS }, ...options });
  started.push(mock);
  const token = await tokenFor(mock);
  await mock.admin.outcomes.arm(outcome, { operation: 'createOrder' });
  return { mock, token };
}

function placeOrder(mock: Mock, token: string, signal?: AbortSignal): Promise<Response> {
  return fetch(`${mock.url}/v1/orders`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(ORDER_BODY),
    ...(signal && { signal }),
  });
}

const failureOf = (answer: Promise<Response>) => answer.then(() => undefined, (error: unknown) => error as Error & { cause?: { code?: string } });
const ordersOf = async (mock: Mock, token: string) => (await call(mock, 'GET', '/v1/orders', { token })).body.data as unknown[];
const journaled = async (mock: Mock) => (await mock.admin.requests.list({ operationId: 'createOrder' }))[0];

describe('network failures that hold or reset the connection', () => {
  it('network.reset: the client reads ECONNRESET, nothing is written, the journal says reset with status 0', async () => {
    const { mock, token } = await armed('network.reset');
    const error = await failureOf(placeOrder(mock, token));
    expect(error).toBeInstanceOf(TypeError);
    expect(error?.cause?.code).toBe('ECONNRESET');
    expect(await ordersOf(mock, token)).toEqual([]);
    expect(await journaled(mock)).toMatchObject({ status: 0, network: 'reset', armed: ['network.reset'] });
  });

  it('network.timeout-before-commit: the client gives up (AbortSignal.timeout) and nothing was ever written', async () => {
    const { mock, token } = await armed('network.timeout-before-commit');
    const error = await failureOf(placeOrder(mock, token, AbortSignal.timeout(100)));
    expect(error?.name).toBe('TimeoutError');
    // Past the hold too: the handler never ran.
    await new Promise((resolve) => setTimeout(resolve, HOLD_SECONDS * 1000 + 100));
    expect(await ordersOf(mock, token)).toEqual([]);
    expect(await journaled(mock)).toMatchObject({ status: 0, network: 'closed_while_held' });
  });

  it('network.timeout-before-commit: a client that waits sees the connection dropped after the hold, nothing written', async () => {
    const { mock, token } = await armed('network.timeout-before-commit');
    const before = monotonicMs();
    const error = await failureOf(placeOrder(mock, token));
    expect(monotonicMs() - before).toBeGreaterThanOrEqual(HOLD_SECONDS * 1000 - 20);
    expect(error).toBeInstanceOf(TypeError);
    expect(await ordersOf(mock, token)).toEqual([]);
    expect(await journaled(mock)).toMatchObject({ status: 0, network: 'held_then_dropped', heldMs: expect.any(Number) });
  });

  it('network.timeout: the order is made at once, its answer arrives after the hold', async () => {
    const { mock, token } = await armed('network.timeout');
    const before = monotonicMs();
    const answer = await placeOrder(mock, token);
    expect(answer.status).toBe(201);
    expect(monotonicMs() - before).toBeGreaterThanOrEqual(HOLD_SECONDS * 1000 - 20);
    const entry = await journaled(mock);
    expect(entry).toMatchObject({ status: 201, network: 'held' });
    expect(entry?.heldMs).toBeGreaterThanOrEqual(HOLD_SECONDS * 1000 - 20);
    expect(await ordersOf(mock, token)).toHaveLength(1);
  });

  it('network.slow-body: the status and headers come at once, the body in pieces until the hold has passed', async () => {
    const { mock, token } = await armed('network.slow-body');
    const before = monotonicMs();
    const answer = await placeOrder(mock, token);
    expect(answer.status).toBe(201);
    expect(monotonicMs() - before).toBeLessThan(HOLD_SECONDS * 1000);
    const body = (await answer.json()) as { data: { id: string } };
    expect(monotonicMs() - before).toBeGreaterThanOrEqual(HOLD_SECONDS * 1000 - 20);
    expect(body.data.id).toMatch(/^ord_/);
    expect(await journaled(mock)).toMatchObject({ status: 201, network: 'trickled', heldMs: expect.any(Number) });
  });

  it('stopping the mock during a hold returns promptly: the held connection is closed, not waited for', async () => {
    const { mock, token } = await armed('network.timeout', { timeouts: { heldAnswerSeconds: 60 } });
    const answer = failureOf(placeOrder(mock, token));
    // The order is committed before the hold begins: once it is listed, the answer is held.
    for (let tries = 0; tries < 50 && (await ordersOf(mock, token)).length === 0; tries += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    const before = monotonicMs();
    await mock.stop();
    started.splice(0);
    expect(monotonicMs() - before).toBeLessThan(3000);
    expect(await answer).toBeInstanceOf(TypeError);
  });

  it('a hold is bounded: heldAnswerSeconds is refused past 120 s and at 0', () => {
    for (const heldAnswerSeconds of [121, 0, -1]) expect(configSchema.safeParse({ timeouts: { heldAnswerSeconds } }).success, String(heldAnswerSeconds)).toBe(false);
    expect(configSchema.parse({}).timeouts.heldAnswerSeconds).toBe(30);
  });
});
