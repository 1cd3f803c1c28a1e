/**
 * The handled rules of a timeout, a reset and a timeout before the commit (src/coverage/handled-rules.ts), each with
 * a valid and an invalid case: the retry of the operation after the hold, or while it was held; one order, or two for
 * the same cart.
 */
import { describe, expect, it } from 'vitest';
import type { DuplicateOrder, Exchange, NetworkFate } from '../../src/domain/caller.ts';
import { createHandledRules } from '../../src/coverage/handled-rules.ts';
import { answerOutcomes } from '../../src/coverage/outcome-matching.ts';

interface Sent {
  operationId: string;
  status: number;
  startedMs?: number;
  fate?: NetworkFate;
  holdMs?: number;
  armed?: string;
  duplicateOf?: DuplicateOrder;
}

function exchange({ operationId, status, startedMs = 0, fate, holdMs, armed, duplicateOf }: Sent): Exchange {
  return {
    context: {
      requestId: `req_${startedMs}`,
      ip: '127.0.0.1',
      method: 'POST',
      path: '/v1/orders',
      query: '',
      receivedAt: new Date(startedMs),
      baseUrl: '',
      policy: {} as never,
      startedMs,
      operationId,
      ...(armed !== undefined && { armed: [armed] }),
      ...(holdMs !== undefined && { connection: { holdMs } }),
      ...(duplicateOf !== undefined && { duplicateOf }),
    },
    status,
    headers: {},
    body: status === 201 ? { data: { id: `ord_${startedMs}` } } : undefined,
    request: { headers: {}, body: {} },
    ...(fate !== undefined && { network: { fate } }),
  };
}

/** The verdicts of each answer in turn, for one client. */
function judged(...answers: Sent[]) {
  const rules = createHandledRules();
  return answers.map((sent) => {
    const seen = exchange(sent);
    return rules.afterAnswer('mock-client', { met: answerOutcomes(seen), operationId: sent.operationId, status: sent.status, nowMs: 0, retryAfterSeconds: undefined, exchange: seen });
  });
}

const timedOut: Sent = { operationId: 'createOrder', status: 201, startedMs: 0, fate: 'closed_while_held', holdMs: 1000, armed: 'network.timeout' };
const reset: Sent = { operationId: 'createOrder', status: 0, fate: 'reset', armed: 'network.reset' };

describe('network.timeout', () => {
  it('valid: the retry came after the hold ended, or the answer was waited out', () => {
    expect(judged(timedOut, { operationId: 'listOrders', status: 200, startedMs: 1500 })[1]).toEqual({ handled: ['network.timeout'] });
    expect(judged({ ...timedOut, fate: 'held' })[0]).toEqual({ handled: ['network.timeout'] });
  });

  it('invalid: the retry came while the answer was still held, and says how early', () => {
    expect(judged(timedOut, { operationId: 'createOrder', status: 201, startedMs: 400 })[1]?.notHandled).toEqual({
      outcome: 'network.timeout',
      why: 'createOrder was sent again (req_400) 0.6 s before the held answer to req_0 was due: the client retried while it was held',
    });
  });
});

describe('network.reset and network.timeout-before-commit', () => {
  it('valid: the operation retried once', () => {
    expect(judged(reset, { operationId: 'createOrder', status: 201, startedMs: 10 })[1]).toEqual({ handled: ['network.reset'] });
    const dropped: Sent = { ...reset, fate: 'held_then_dropped', armed: 'network.timeout-before-commit' };
    expect(judged(dropped, { operationId: 'listOrders', status: 200 })[1]).toEqual({ handled: ['network.timeout-before-commit'] });
  });

  it('invalid: a second order for the same cart, marked by the duplicate watch', () => {
    const duplicateOf: DuplicateOrder = { orderId: 'ord_10', after: 'network.reset', afterMs: 20 };
    const verdicts = judged(reset, { operationId: 'createOrder', status: 201, startedMs: 10 }, { operationId: 'createOrder', status: 201, startedMs: 30, duplicateOf });
    expect(verdicts[2]).toEqual({
      handled: [],
      notHandled: { outcome: 'network.reset', why: 'a duplicate order ord_30 was placed for the same cart after ord_10, the retry of a request reset before it was handled' },
    });
  });

  it('no verdict yet: another operation says nothing of the request to retry', () => {
    expect(judged(reset, { operationId: 'listProducts', status: 200 })[1]).toEqual({ handled: [] });
  });
});
