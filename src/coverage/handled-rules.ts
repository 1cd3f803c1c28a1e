/**
 * The "handled" rules of the outcome catalogue (HANDLED_RULES in outcome-catalogue.ts): after an outcome that asks
 * the integration to react, what it does next decides whether it handled it. Per client, in memory, one waiting
 * rule of each kind at a time (the latest meeting replaces the one before): bounded whatever the traffic.
 */
import type { Exchange } from '../domain/caller.ts';
import type { Delivery } from '../webhooks/delivery-log.ts';
import { duplicateWhy, looksUp, lostOrderVerdict, placedOrder, type LostOrder } from './lost-replies.ts';

/** Outcomes after which the client must get a token again and retry. */
const RETRY_WITH_TOKEN = ['auth.token.expired', 'auth.token.revoked'] as const;
/** Outcomes after which the client must wait `Retry-After` before its next request. */
const WAIT_RETRY_AFTER = ['rate-limit.429', 'server.503'] as const;
/** Token answers that give the client a new token. */
const NEW_TOKEN = ['tokens.issue.200', 'tokens.refresh.200'];
/** The answer lost after the gateway handled the request: an order placed must be looked up, not placed again. */
const LOST_REPLY = 'network.reply-lost';
/** Outcomes after which the client does not know whether its request was handled: it must retry (or look up) with care. */
const UNKNOWN_OUTCOMES: ReadonlySet<string> = new Set(['network.timeout', 'network.timeout-before-commit', 'network.reset']);
/** Events answered 5xx remembered per client, awaiting a later acknowledged delivery. */
const MAX_RETRIED_EVENTS = 100;

export interface AnswerSeen {
  /** The outcomes the answer showed. */
  met: readonly string[];
  operationId: string | undefined;
  status: number;
  /** On the client's clock. */
  nowMs: number;
  retryAfterSeconds: number | undefined;
  /** The exchange itself, read only by a rule that needs more than the above (a lost order's cart). */
  exchange: Exchange;
}

/** What an answer shows of the rules: the outcomes it handled, and one it shows not handled, with why. */
export interface Verdicts {
  handled: string[];
  notHandled?: { outcome: string; why: string };
}

interface Waiting {
  retryWithToken?: { outcome: string; operationId: string; newToken: boolean };
  retryAfter?: { outcome: string; notBeforeMs: number };
  retriedEvents: string[];
  /** An order whose answer was lost, awaiting the client's next order move (lost-replies.ts). */
  lostOrder?: LostOrder;
  /** A request whose outcome the client does not know (a timeout, a reset), awaiting its retry. */
  unknown?: UnknownOutcome;
}

/** The outcome met, the operation to retry, and for a timeout whose answer was still coming, when its hold ends (monotonic ms). */
interface UnknownOutcome {
  outcome: string;
  operationId: string;
  /** The request whose outcome the client does not know. */
  requestId: string;
  holdEndsMs?: number;
}

export interface HandledRules {
  /**
   * Whether an answer with this status could matter to the rules: a refusal may start one (every outcome a rule
   * waits on is one), and a client with a rule waiting has its next answers judged. Most answers are neither: they
   * are passed over without being read.
   */
  concerns(clientId: string, status: number, lostAnswer: boolean): boolean;
  /** What this answer shows handled, or not. */
  afterAnswer(clientId: string, answer: AnswerSeen): Verdicts;
  afterDelivery(delivery: Delivery, met: readonly string[]): string[];
  forget(clientId: string): void;
  forgetAll(): void;
}

export function createHandledRules(): HandledRules {
  const waiting = new Map<string, Waiting>();
  const of = (clientId: string): Waiting => {
    let found = waiting.get(clientId);
    if (found === undefined) waiting.set(clientId, (found = { retriedEvents: [] }));
    return found;
  };
  return {
    concerns(clientId, status, lostAnswer) {
      if (status >= 400 || lostAnswer) return true;
      const rules = waiting.get(clientId);
      return rules !== undefined && (rules.retryAfter !== undefined || rules.retryWithToken !== undefined || rules.lostOrder !== undefined || rules.unknown !== undefined);
    },
    afterAnswer(clientId, answer) {
      const rules = of(clientId);
      const handled: string[] = [];
      // The request after a 429 or 503 judges the wait, whatever it is.
      if (rules.retryAfter) {
        if (answer.nowMs >= rules.retryAfter.notBeforeMs) handled.push(rules.retryAfter.outcome);
        delete rules.retryAfter;
      }
      const retry = rules.retryWithToken;
      if (retry && answer.met.some((id) => NEW_TOKEN.includes(id))) retry.newToken = true;
      else if (retry?.newToken && answer.operationId === retry.operationId && answer.status !== 401) {
        handled.push(retry.outcome);
        delete rules.retryWithToken;
      }
      const refused = RETRY_WITH_TOKEN.find((id) => answer.met.includes(id));
      if (refused && answer.operationId !== undefined) rules.retryWithToken = { outcome: refused, operationId: answer.operationId, newToken: false };
      const busy = WAIT_RETRY_AFTER.find((id) => answer.met.includes(id));
      if (busy && answer.retryAfterSeconds !== undefined) rules.retryAfter = { outcome: busy, notBeforeMs: answer.nowMs + answer.retryAfterSeconds * 1000 };
      const verdicts: Verdicts = { handled };
      // The move after an order's lost answer: looked up (handled) or the same cart placed again (a duplicate).
      const verdict = rules.lostOrder && lostOrderVerdict(rules.lostOrder, answer.exchange);
      if (verdict !== undefined) {
        delete rules.lostOrder;
        if (verdict.handled) handled.push(LOST_REPLY);
      }
      const unknown = rules.unknown && unknownVerdict(rules.unknown, answer.exchange);
      if (unknown !== undefined) {
        delete rules.unknown;
        if (unknown.handled) handled.push(unknown.outcome);
        else verdicts.notHandled = { outcome: unknown.outcome, why: unknown.why };
      }
      // A duplicate order (duplicate-orders.ts marked it) is the last word on the outcome that hid the first.
      const duplicate = answer.exchange.context.duplicateOf;
      if (duplicate) {
        verdicts.handled = handled.filter((id) => id !== duplicate.after);
        const why = duplicateWhy(duplicate, placedOrder(answer.exchange)?.orderId ?? '');
        // Retried while the first answer was still held, too: both are said.
        const early = verdicts.notHandled?.outcome === duplicate.after ? `; ${verdicts.notHandled.why}` : '';
        verdicts.notHandled = { outcome: duplicate.after, why: `${why}${early}` };
      }
      if (answer.met.includes(LOST_REPLY)) {
        const lost = placedOrder(answer.exchange);
        if (lost) rules.lostOrder = lost;
      }
      const met = answer.met.find((id) => UNKNOWN_OUTCOMES.has(id));
      // A timed-out answer the client waited for and read: nothing unknown is left, handled at once.
      if (met !== undefined && answer.exchange.network?.fate === 'held') verdicts.handled.push(met);
      else if (met !== undefined && answer.operationId !== undefined) rules.unknown = unknownOf(met, answer.operationId, answer.exchange);
      return verdicts;
    },
    afterDelivery(delivery, met) {
      const rules = of(delivery.clientId);
      const handled: string[] = [];
      const acknowledged = met.includes(`webhook.event.${delivery.type}`);
      if (met.includes('webhook.retried-after-5xx') && !rules.retriedEvents.includes(delivery.eventId)) {
        rules.retriedEvents = [...rules.retriedEvents, delivery.eventId].slice(-MAX_RETRIED_EVENTS);
      }
      if (acknowledged && rules.retriedEvents.includes(delivery.eventId)) {
        handled.push('webhook.retried-after-5xx');
        rules.retriedEvents = rules.retriedEvents.filter((eventId) => eventId !== delivery.eventId);
      }
      if (acknowledged && met.includes('webhook.duplicate-received')) handled.push('webhook.duplicate-received');
      return handled;
    },
    forget: (clientId) => void waiting.delete(clientId),
    forgetAll: () => waiting.clear(),
  };
}

/**
 * A timeout, or a request reset or dropped before it was handled: the client's retry of the operation (or, for an
 * order, a look-up) judges it. A timeout's answer the client waited for and read needs no retry: handled at once.
 */
function unknownOf(outcome: string, operationId: string, exchange: Exchange): UnknownOutcome {
  const holdMs = exchange.context.connection?.holdMs;
  const stillComing = outcome === 'network.timeout' && exchange.network?.fate === 'closed_while_held' && holdMs !== undefined;
  return { outcome, operationId, requestId: exchange.context.requestId, ...(stillComing && { holdEndsMs: exchange.context.startedMs + holdMs }) };
}

/**
 * The retry (the same operation) or an order's look-up: handled, unless it came while the timed-out answer was still
 * held (the client did not wait for it). A duplicate it placed is told by its mark (duplicate-orders.ts), after this.
 */
function unknownVerdict(unknown: UnknownOutcome, exchange: Exchange): ({ handled: true } | { handled: false; why: string }) & { outcome: string } | undefined {
  const { operationId } = exchange.context;
  const lookUp = unknown.operationId === 'createOrder' && looksUp(undefined, exchange);
  if (operationId !== unknown.operationId && !lookUp) return undefined;
  const early = unknown.holdEndsMs === undefined ? 0 : unknown.holdEndsMs - exchange.context.startedMs;
  if (early > 0) {
    const seconds = Math.round(early / 100) / 10;
    const why = `${operationId ?? 'the request'} was sent again (${exchange.context.requestId}) ${seconds} s before the held answer to ${unknown.requestId} was due: the client retried while it was held`;
    return { outcome: unknown.outcome, handled: false, why };
  }
  return { outcome: unknown.outcome, handled: true };
}
