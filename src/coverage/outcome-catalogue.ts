/**
 * The outcome catalogue: every way the gateway answers that an integration may have to handle, as data built from
 * what the mock already knows — the document's operations and their documented answers (operation-outcomes.ts),
 * the error catalogue, the order and subscription states, the payer-outcome catalogue, the webhook event types and
 * delivery results. docs/outcomes.md is generated from it (scripts/outcomes.ts; a test fails when it is stale).
 */
import { API_ERRORS } from '../errors/api-errors.ts';
import { FAILURE_CODES, PAYER_OUTCOMES, catalogueNumber, type FailureCode } from '../domain/payer-outcomes.ts';
import { ORDER_STATUSES, SUBSCRIPTION_STATUSES } from '../domain/records.ts';
import type { WebhookEventType } from '../webhooks/payload.ts';
import { processCached } from '../platform/process-cache.ts';
import { operationOutcomes } from './operation-outcomes.ts';
import type { Outcome } from './outcome-types.ts';

type ApiReason = keyof typeof API_ERRORS;

/** The answers every operation shares, each one outcome whatever the operation: id → the catalogue reasons it shows. */
export const SHARED_ANSWERS: Readonly<Record<string, { reasons: readonly ApiReason[]; provoke: string }>> = {
  'auth.client.invalid': { reasons: ['client_invalid'], provoke: 'a refresh (`POST /v1/auth/token/refresh`) with a refresh token of the client and a wrong `client_secret` (a token request that only names a client is not counted to it)' },
  'auth.client.inactive': { reasons: ['client_inactive'], provoke: 'scenario `inactive-client`, or `POST /__admin/clients/{id}/deactivate`' },
  'auth.token.expired': { reasons: ['token_expired'], provoke: 'scenario `token-expiry` then advance the clock 30 s, or `POST /__admin/clients/{id}/tokens/expire`' },
  'auth.token.revoked': { reasons: ['token_revoked'], provoke: 'scenario `token-revoked-midway`, or `POST /__admin/clients/{id}/tokens/revoke`' },
  'auth.token.invalid': { reasons: ['invalid_token'], provoke: 'a bearer token that is missing, malformed or unknown' },
  'rate-limit.429': { reasons: ['rate_limited'], provoke: 'scenario `rate-limited` or `burst-429`, or more than 100 requests a minute from one IP' },
  'server.500': { reasons: ['internal', 'simulated'], provoke: 'scenario `server-errors`, or `Prefer: code=500`' },
  'server.503': { reasons: ['unavailable'], provoke: 'scenario `flaky-network`, or `Prefer: code=503`' },
  'http.405.method_not_allowed': { reasons: ['method_not_allowed'], provoke: 'a method the path does not take (`DELETE /v1/orders`)' },
  'http.413.invalid_request': { reasons: ['body_too_large'], provoke: 'a body over 1 MiB' },
  'http.415.invalid_request': { reasons: ['unsupported_media_type'], provoke: 'a body whose `Content-Type` the operation does not take' },
};

/** How to arm a network failure for the client's next request (docs/network-failures.md). */
const armNetwork = (id: string) => `arm it for the next request: \`POST /__admin/clients/{id}/armed\` \`{"outcome":"${id}","operation":"createOrder"}\` (docs/network-failures.md)`;

/** Failures of the connection, not answers of the gateway: only arming makes them (docs/network-failures.md). */
const NETWORK_FAILURES: Readonly<Record<string, string>> = {
  'network.reply-lost': 'the connection closed before a byte of the answer arrived, after the gateway handled and committed the request (an order placed, its webhooks sent)',
  'network.timeout': 'the answer arrived only after a long wait (30 s by default): the request was handled',
  'network.timeout-before-commit': 'no answer after a long wait, then the connection closed: nothing was handled',
  'network.reset': 'the connection was reset (ECONNRESET) before the request was handled: nothing was written',
  'network.slow-body': 'the answer’s headers arrived at once and its body in pieces over a long time (30 s by default): the request was handled',
};

/**
 * The network failures of the other legs (docs/network-failures.md#the-other-legs), each armed as the catalogue's
 * `how to provoke` says: the token request's, the webhooks' (the answer after the webhook, the receiver's connection)
 * and the checkout page's.
 */
const LEG_FAILURES: Readonly<Record<string, { description: string; arm: string }>> = {
  'auth.token.slow': {
    description: 'the answer to a token request (`POST /v1/auth/token`, or its refresh) arrived only after a long wait (30 s by default): the token was issued',
    arm: '{"outcome":"auth.token.slow"}',
  },
  'auth.token.lost': {
    description: 'the connection closed before a byte of the answer to a token request arrived: the token was issued',
    arm: '{"outcome":"auth.token.lost"}',
  },
  'webhook.before-reply': {
    description: 'a webhook of a change arrived at the receiver before the answer to the request that made it (the status poll that ended an order)',
    arm: '{"outcome":"webhook.before-reply","operation":"getOrderStatus"}',
  },
  'webhook.connect-delay': {
    description: 'a webhook delivery connected to the receiver only after a delay (the hold, 30 s by default), then was sent',
    arm: '{"outcome":"webhook.connect-delay"}',
  },
  'webhook.reset-mid-body': {
    description: 'a webhook delivery’s connection was reset half-way through its body: the receiver read an aborted request',
    arm: '{"outcome":"webhook.reset-mid-body"}',
  },
  'checkout.slow': { description: 'the checkout page answered only after a long wait (the hold, 30 s by default)', arm: '{"outcome":"checkout.slow"}' },
  'checkout.503': { description: 'the checkout page answered 503 (the payer sees the gateway unavailable)', arm: '{"outcome":"checkout.503"}' },
};

/** The outcomes of the other legs armed for a request's connection: met by the request that fired them (outcome-matching.ts). */
export const REQUEST_LEG_OUTCOMES: ReadonlySet<string> = new Set(['auth.token.slow', 'auth.token.lost', 'webhook.before-reply']);

/** The outcomes whose handling the mock can see, and what it looks for (coverage-recorder.ts carries them out). */
export const HANDLED_RULES: Readonly<Record<string, string>> = {
  'auth.token.expired': 'the client then obtained or refreshed a token and retried the same operation (answered other than 401)',
  'auth.token.revoked': 'the client then obtained or refreshed a token and retried the same operation (answered other than 401)',
  'rate-limit.429': 'the client’s next request came at least `Retry-After` seconds later (on its clock)',
  'server.503': 'the client’s next request came at least `Retry-After` seconds later (on its clock)',
  'webhook.retried-after-5xx': 'a later delivery of the same event was acknowledged (2xx)',
  'webhook.duplicate-received': 'the duplicate was acknowledged (2xx): a receiver that dedupes on the event id still answers 2xx',
  'network.reply-lost':
    'after a lost answer to `POST /v1/orders`, the client’s next order move looked the order up (the list, or the order or its status by its id) rather than placing the same cart (customer, items, amount) again; a duplicate placed is named in `notHandled`',
  'network.timeout':
    'the client waited the answer out, or its retry of the operation (for an order, or a look-up of the orders) came after the answer’s hold ended; a retry while it was still held, or a duplicate order placed, is named in `notHandled`',
  'network.timeout-before-commit':
    'the client retried the operation (for an order, or looked the orders up) and did not end with two orders for the same cart; a duplicate placed is named in `notHandled`',
  'network.reset':
    'the client retried the operation (for an order, or looked the orders up) and did not end with two orders for the same cart; a duplicate placed is named in `notHandled`',
};

const ORDER_PROVOKE: Readonly<Record<string, string>> = {
  PAID: 'pay on the checkout page, scenario `order-paid`, or `POST /__admin/orders/{id}/transition` `{"status":"PAID"}`',
  FAILED: 'a failing payer number (docs/payer-outcomes.md), scenario `order-failed`, or an admin transition to `FAILED`',
  CANCELLED: 'decline on the checkout page, scenario `order-cancelled`, or an admin transition to `CANCELLED`',
};

const SUBSCRIPTION_PROVOKE: Readonly<Record<string, string>> = {
  ACTIVE: 'create a subscription and advance the clock past its first charge',
  PAST_DUE: 'a subscription whose customer has a failing payer number (docs/payer-outcomes.md), then advance the clock',
  CANCELLED: 'scenario `subscription-retries-exhausted`, then advance the clock past the last retry',
};

const WEBHOOK_EVENTS: Readonly<Record<WebhookEventType, string>> = {
  'order.status_changed': 'an order reached a new status',
  'payment.status_changed': 'a payment reached a new status',
  'subscription.status_changed': 'a subscription reached a new status',
};

/** Where a status or reason is received: in an answer that shows the record, or in a webhook the client acknowledged. */
const RECEIVED = 'read in an answer, or in a webhook the receiver acknowledged';

function shared(): Outcome[] {
  return Object.entries(SHARED_ANSWERS).map(([id, { reasons, provoke }]) => {
    const entries = reasons.map((reason) => API_ERRORS[reason]);
    const codes = [...new Set(entries.map((entry) => `\`${entry.code}\``))].join(' or ');
    return outcome(id, `${entries[0]?.status ?? ''} ${codes} on any operation: ${entries[0]?.message ?? ''}`, provoke);
  });
}

function network(): Outcome[] {
  return Object.entries(NETWORK_FAILURES).map(([id, description]) => outcome(id, description, armNetwork(id)));
}

function legs(): Outcome[] {
  return Object.entries(LEG_FAILURES).map(([id, { description, arm }]) =>
    outcome(id, description, `arm it: \`POST /__admin/clients/{id}/armed\` \`${arm}\` (docs/network-failures.md)`),
  );
}

function states(): Outcome[] {
  const orders = ORDER_STATUSES.filter((status) => status !== 'PENDING').map((status) =>
    outcome(`order.final.${status}`, `an order's final status \`${status}\`, ${RECEIVED}`, ORDER_PROVOKE[status] ?? ''),
  );
  const subscriptions = SUBSCRIPTION_STATUSES.filter((status) => status !== 'PENDING').map((status) =>
    outcome(`subscription.state.${status}`, `a subscription's status \`${status}\`, ${RECEIVED}`, SUBSCRIPTION_PROVOKE[status] ?? ''),
  );
  return [...orders, ...subscriptions];
}

/** The reasons a payer's wallet gives (docs/payer-outcomes.md#wallets): what to set up, then pay from its number. */
export const WALLET_PROVOKE: Readonly<Partial<Record<FailureCode, string>>> = {
  WALLET_LIMIT_EXCEEDED:
    'a wallet whose limit is below the amount (`PUT /__admin/clients/{id}/wallets/{phone}` `{"balance":1000,"pin":"1234","limits":{"perTransaction":1}}`), then pay from its number (the order\'s progression, or the checkout page and the right PIN)',
  WALLET_LOCKED:
    'a locked wallet (`PUT /__admin/clients/{id}/wallets/{phone}` `{"status":"locked"}`, or as many wrong PINs as its `lockAfterWrongPins`), then pay from its number on the checkout page',
  TRANSACTION_IN_PROGRESS:
    'two orders paid from one wallet\'s number on the checkout page while its phone still shows the first one\'s prompt (within 60 s): the second fails',
};

function payerProvoke(code: FailureCode): string {
  const row = PAYER_OUTCOMES.find((candidate) => candidate.reason === code);
  if (row) return `payer number \`${catalogueNumber(row)}\` (docs/payer-outcomes.md)`;
  const wallet = WALLET_PROVOKE[code];
  if (wallet !== undefined) return wallet;
  return code === 'ORDER_CANCELLED' ? 'an admin transition to `CANCELLED`' : 'an admin transition to `FAILED`, or the checkout page’s failure';
}

function payers(): Outcome[] {
  return FAILURE_CODES.map((code) => outcome(`payer.${code}`, `a payment's \`failureReason.code\` \`${code}\`, ${RECEIVED}`, payerProvoke(code)));
}

function webhooks(): Outcome[] {
  const events = Object.entries(WEBHOOK_EVENTS).map(([type, what]) =>
    outcome(`webhook.event.${type}`, `a \`${type}\` delivery acknowledged (2xx): ${what}`, 'set a webhook endpoint (`PUT /__admin/clients/{id}/webhook`) and change a record'),
  );
  return [
    ...events,
    outcome('webhook.delivered', 'a delivery acknowledged (2xx) at its first attempt', 'set a webhook endpoint and change a record'),
    outcome('webhook.retried-after-5xx', 'the receiver answered a delivery with a 5xx (the mock retries it)', 'answer 5xx from your receiver once, then advance the clock to the retry'),
    outcome('webhook.duplicate-received', 'a second delivery of an event already delivered (same event id) was answered', 'scenario `webhooks-duplicated`, or `POST /__admin/webhooks/deliveries/{id}/resend`'),
  ];
}

function outcome(id: string, description: string, provoke: string): Outcome {
  // Own entries only: an id never finds a built-in of Object.prototype.
  const rule = Object.hasOwn(HANDLED_RULES, id) ? HANDLED_RULES[id] : undefined;
  return { id, group: id.split('.')[0] ?? id, description, provoke, ...(rule !== undefined && { handledRule: rule }) };
}

/** The whole catalogue, built once per process (its sources are the package's own). */
export function outcomeCatalogue(): readonly Outcome[] {
  return processCached('outcome-catalogue', () => [
    ...shared(),
    ...network(),
    ...legs(),
    ...operationOutcomes().map((one) => outcome(one.id, one.description, one.provoke)),
    ...states(),
    ...payers(),
    ...webhooks(),
  ]);
}
