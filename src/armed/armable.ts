/**
 * Which outcomes of the catalogue (coverage/outcome-catalogue.ts) can be armed for a client's next move, and what
 * arming each does: an answer to its next request, the end of its next order, its next subscription charge, its
 * next webhook delivery. The outcomes only the integration itself can cause (a 400 for a body it sends, a 404 for
 * an id it invents, a normal answer) are refused with the catalogue's own "how to provoke it".
 */
import { FAILURE_CODES, FAILURE_REASONS, PAYS, payerOutcomeNamed, type FailureCode, type PayerOutcome } from '../domain/payer-outcomes.ts';
import type { FixedReason } from '../errors/failures.ts';
import { outcomeCatalogue } from '../coverage/outcome-catalogue.ts';

/** What the client does to meet an armed outcome. */
export type Meets = 'request' | 'order' | 'charge' | 'delivery' | 'page';

/** An answer to the client's next request, in place of the operation's (nothing written), or its token ended first. */
export interface RequestEffect {
  meets: 'request';
  /** The catalogue answer it gets. */
  respond?: FixedReason;
  /** Seconds of a `Retry-After` sent with it. */
  retryAfterSeconds?: number;
  /** The caller's token ends before it is checked (the answer is then the API's own 401). */
  endToken?: 'expire' | 'revoke';
  /** What the network does to the request or its answer (docs/network-failures.md). */
  network?: NetworkFailure;
  /**
   * The webhooks of the change the request makes are delivered before its answer is sent (`webhook.before-reply`):
   * met by the client's next request whose change sends one.
   */
  webhookFirst?: true;
  /** The only operations that meet it, whatever the arm names (a token request's leg: `auth.token.slow`). */
  operations?: readonly string[];
}

/**
 * `reply-lost`: handled and committed, then the connection dropped before a byte of the answer; `timeout`: handled,
 * the answer held, then sent; `timeout-before-commit`: held, then dropped, nothing handled; `reset`: the connection
 * reset, nothing handled; `slow-body`: handled, the answer's headers at once and its body trickled over the hold.
 */
export type NetworkFailure = 'reply-lost' | 'timeout' | 'timeout-before-commit' | 'reset' | 'slow-body';

/** How the client's next order ends (its payer's answer, a checkout push or its progression). */
export interface OrderEffect {
  meets: 'order';
  outcome: PayerOutcome;
}

/** How the client's next subscription charge ends. */
export interface ChargeEffect {
  meets: 'charge';
  charge: 'succeeds' | 'fails' | 'cancels';
}

/** What the mock does with the client's next webhook delivery. */
export interface DeliveryEffect {
  meets: 'delivery';
  behaviour: 'fails' | 'duplicated' | 'delayed' | 'out-of-order' | 'connect-delay' | 'reset-mid-body';
}

/** What the next checkout page of one of the client's orders does: answers after the hold, or answers 503. */
export interface PageEffect {
  meets: 'page';
  page: 'slow' | 'unavailable';
}

export type ArmEffect = RequestEffect | OrderEffect | ChargeEffect | DeliveryEffect | PageEffect;

export type Armability = { ok: true; effect: ArmEffect } | { ok: false; refused: 'unknown' } | { ok: false; refused: 'not-armable'; provoke: string };

/** Minutes a delayed delivery waits, on the client's clock, before its first attempt. */
export const ARMED_DELAY_MINUTES = 5;

/** The requests that obtain a token: the token leg's outcomes meet only these. */
const TOKEN_REQUESTS: readonly string[] = ['issueToken', 'refreshToken'];

// Maps, not object literals: an id is the caller's string, and `constructor` or `__proto__` must find nothing.
const REQUEST_EFFECTS: ReadonlyMap<string, RequestEffect> = new Map<string, RequestEffect>([
  ['auth.token.expired', { meets: 'request', endToken: 'expire' }],
  ['auth.token.revoked', { meets: 'request', endToken: 'revoke' }],
  ['auth.client.inactive', { meets: 'request', respond: 'client_inactive' }],
  ['auth.client.invalid', { meets: 'request', respond: 'client_invalid' }],
  ['auth.token.invalid', { meets: 'request', respond: 'invalid_token' }],
  ['rate-limit.429', { meets: 'request', respond: 'rate_limited', retryAfterSeconds: 60 }],
  ['server.500', { meets: 'request', respond: 'simulated' }],
  ['server.503', { meets: 'request', respond: 'unavailable', retryAfterSeconds: 30 }],
  ['network.reply-lost', { meets: 'request', network: 'reply-lost' }],
  ['network.timeout', { meets: 'request', network: 'timeout' }],
  ['network.timeout-before-commit', { meets: 'request', network: 'timeout-before-commit' }],
  ['network.reset', { meets: 'request', network: 'reset' }],
  ['network.slow-body', { meets: 'request', network: 'slow-body' }],
  ['webhook.before-reply', { meets: 'request', webhookFirst: true }],
  ['auth.token.slow', { meets: 'request', network: 'timeout', operations: TOKEN_REQUESTS }],
  ['auth.token.lost', { meets: 'request', network: 'reply-lost', operations: TOKEN_REQUESTS }],
]);

/**
 * Webhook behaviours the mock controls: three are outcomes of the catalogue (a duplicate delivery, and the
 * receiver's leg: a delay before connecting, a reset mid-body), three are behaviours only (coverage does not count them). A receiver's 5xx (`webhook.retried-after-5xx`) is the receiver's
 * to answer: refused, with how to provoke it.
 */
const DELIVERY_EFFECTS: ReadonlyMap<string, DeliveryEffect> = new Map<string, DeliveryEffect>([
  ['webhook.duplicate-received', { meets: 'delivery', behaviour: 'duplicated' }],
  ['webhook.failing', { meets: 'delivery', behaviour: 'fails' }],
  ['webhook.delayed', { meets: 'delivery', behaviour: 'delayed' }],
  ['webhook.out-of-order', { meets: 'delivery', behaviour: 'out-of-order' }],
  ['webhook.connect-delay', { meets: 'delivery', behaviour: 'connect-delay' }],
  ['webhook.reset-mid-body', { meets: 'delivery', behaviour: 'reset-mid-body' }],
]);

/** Armable ids that are behaviours, not outcomes of the catalogue. */
export const ARMABLE_BEHAVIOURS: readonly string[] = ['webhook.failing', 'webhook.delayed', 'webhook.out-of-order'];

const PAGE_EFFECTS: ReadonlyMap<string, PageEffect> = new Map<string, PageEffect>([
  ['checkout.slow', { meets: 'page', page: 'slow' }],
  ['checkout.503', { meets: 'page', page: 'unavailable' }],
]);

const CHARGE_EFFECTS: ReadonlyMap<string, ChargeEffect> = new Map<string, ChargeEffect>([
  ['subscription.state.ACTIVE', { meets: 'charge', charge: 'succeeds' }],
  ['subscription.state.PAST_DUE', { meets: 'charge', charge: 'fails' }],
  ['subscription.state.CANCELLED', { meets: 'charge', charge: 'cancels' }],
]);

/** The payer's answer an order outcome stands for: the catalogue row, or a reason's status when it has no number. */
function orderOutcome(id: string): PayerOutcome | undefined {
  if (id === 'order.final.PAID') return PAYS;
  if (id === 'order.final.FAILED') return failing('PAYMENT_FAILED');
  if (id === 'order.final.CANCELLED') return failing('ORDER_CANCELLED');
  const code = id.startsWith('payer.') ? id.slice('payer.'.length) : undefined;
  if (code === undefined || !(FAILURE_CODES as readonly string[]).includes(code)) return undefined;
  const row = payerOutcomeNamed(code);
  // Every reason ends the order when the payer answers, except the one that is the payer not answering.
  return row ?? failing(code as FailureCode);
}

/** The outcome of a payer's answer failing with `code` (its status is the reason's). */
export function failing(code: FailureCode): PayerOutcome {
  return { suffix: '', name: code, summary: code, status: FAILURE_REASONS[code].status, reason: code, timing: 'answer', providerState: '' };
}

export function armable(id: string): Armability {
  const effect = REQUEST_EFFECTS.get(id) ?? DELIVERY_EFFECTS.get(id) ?? CHARGE_EFFECTS.get(id) ?? PAGE_EFFECTS.get(id);
  if (effect) return { ok: true, effect };
  const outcome = orderOutcome(id);
  if (outcome) return { ok: true, effect: { meets: 'order', outcome } };
  const known = outcomeCatalogue().find((candidate) => candidate.id === id);
  if (!known) return { ok: false, refused: 'unknown' };
  return { ok: false, refused: 'not-armable', provoke: known.provoke };
}

/** Every id that can be armed, in the catalogue's order, then the behaviours. */
export function armableIds(): readonly string[] {
  return [...outcomeCatalogue().map((outcome) => outcome.id).filter((id) => armable(id).ok), ...ARMABLE_BEHAVIOURS];
}
