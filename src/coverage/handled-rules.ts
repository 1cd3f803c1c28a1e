/**
 * The "handled" rules of the outcome catalogue (HANDLED_RULES in outcome-catalogue.ts): after an outcome that asks
 * the integration to react, what it does next decides whether it handled it. Per client, in memory, one waiting
 * rule of each kind at a time (the latest meeting replaces the one before): bounded whatever the traffic.
 */
import type { Exchange } from '../domain/caller.ts';
import type { Delivery } from '../webhooks/delivery-log.ts';
import { lostOrderVerdict, placedOrder, type LostOrder } from './lost-replies.ts';

/** Outcomes after which the client must get a token again and retry. */
const RETRY_WITH_TOKEN = ['auth.token.expired', 'auth.token.revoked'] as const;
/** Outcomes after which the client must wait `Retry-After` before its next request. */
const WAIT_RETRY_AFTER = ['rate-limit.429', 'server.503'] as const;
/** Token answers that give the client a new token. */
const NEW_TOKEN = ['tokens.issue.200', 'tokens.refresh.200'];
/** The answer lost after the gateway handled the request: an order placed must be looked up, not placed again. */
const LOST_REPLY = 'network.reply-lost';
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
      return rules !== undefined && (rules.retryAfter !== undefined || rules.retryWithToken !== undefined || rules.lostOrder !== undefined);
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
        else verdicts.notHandled = { outcome: LOST_REPLY, why: verdict.why };
      }
      if (answer.met.includes(LOST_REPLY)) {
        const lost = placedOrder(answer.exchange);
        if (lost) rules.lostOrder = lost;
      }
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
