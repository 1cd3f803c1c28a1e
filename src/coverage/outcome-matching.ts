/**
 * Which catalogued outcomes an answer or a webhook delivery shows: its operation's answer, a shared answer (an
 * expired token, a 429), and the order, subscription and payer outcomes of the records it carries. Pure: the
 * recorder (coverage-recorder.ts) keeps what was met and by whom.
 */
import { API_ERRORS } from '../errors/api-errors.ts';
import type { Exchange } from '../domain/caller.ts';
import type { Delivery } from '../webhooks/delivery-log.ts';
import { operationOutcomeId, operationOutcomePrefix } from './operation-outcomes.ts';
import { REQUEST_LEG_OUTCOMES, SHARED_ANSWERS } from './outcome-catalogue.ts';

type Item = Record<string, unknown>;

const isItem = (value: unknown): value is Item => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The final order statuses and the subscription statuses an outcome names (a pending one names none). */
function recordOutcomes(resource: string, item: Item): string[] {
  const status = typeof item['status'] === 'string' ? item['status'] : undefined;
  const payment = isItem(item['payment']) ? item['payment'] : undefined;
  const reason = [item['failureReason'], payment?.['failureReason']].find(isItem)?.['code'];
  const ids: string[] = [];
  if (resource === 'orders' && status !== undefined) ids.push(`order.final.${status}`);
  if (resource === 'subscriptions' && status !== undefined) ids.push(`subscription.state.${status}`);
  if (typeof reason === 'string' && (resource === 'orders' || resource === 'payments')) ids.push(`payer.${reason}`);
  return ids;
}

function itemsOf(body: unknown): Item[] {
  const data = isItem(body) ? body['data'] : undefined;
  return (Array.isArray(data) ? data : [data]).filter(isItem);
}

/** The shared answers whose status and code this answer carries. */
function sharedAnswers(status: number, code: unknown): string[] {
  // Every shared answer is a refusal: a success shows none (the hot path's reads skip the search).
  if (status < 400) return [];
  return Object.entries(SHARED_ANSWERS)
    .filter(([, { reasons }]) => reasons.some((reason) => API_ERRORS[reason].status === status && API_ERRORS[reason].code === code))
    .map(([id]) => id);
}

/** The resources whose records name outcomes of their own (recordOutcomes): the answers of the others name none. */
const RESOURCES_WITH_OUTCOMES = ['orders', 'subscriptions', 'payments'] as const;

/**
 * What became of an answer the network failed (src/http/send-reply.ts, `network`): the outcome the client met. A
 * client closed while its answer was held met the timeout of the request's kind (handled or not).
 */
function networkOutcome({ network, status, context }: Exchange): string {
  // An outcome of another leg armed for this request (a token answer lost, the answer after its webhook) is met as itself.
  const leg = context.armed?.find((id) => REQUEST_LEG_OUTCOMES.has(id));
  if (leg !== undefined) return leg;
  switch (network?.fate) {
    case 'reply_lost':
      return 'network.reply-lost';
    case 'reset':
      return 'network.reset';
    case 'held':
      return 'network.timeout';
    case 'trickled':
    case 'closed_while_trickled':
      return 'network.slow-body';
    default:
      return status === 0 ? 'network.timeout-before-commit' : 'network.timeout';
  }
}

/** The network outcome of an answer the client did not read whole (lost, held past its timeout, reset); undefined when it read it. */
export function unreadOutcome(exchange: Exchange): string | undefined {
  const fate = exchange.network?.fate;
  return fate === undefined || fate === 'held' || fate === 'trickled' ? undefined : networkOutcome(exchange);
}

/** The outcomes an answer of the API shows (some may not be catalogued: the caller keeps those that are). */
export function answerOutcomes(exchange: Exchange): string[] {
  // An answer the client never read (whole) shows it nothing but the failure; one held or trickled, then sent, both.
  if (exchange.network !== undefined) {
    const failed = networkOutcome(exchange);
    const read = exchange.network.fate === 'held' || exchange.network.fate === 'trickled';
    return read ? [failed, ...readOutcomes(exchange)] : [failed];
  }
  return readOutcomes(exchange);
}

/** The outcomes an answer the client read shows. */
function readOutcomes(exchange: Exchange): string[] {
  const { context, status, body } = exchange;
  const code = isItem(body) ? body['error'] : undefined;
  const ids = sharedAnswers(status, code);
  if (context.operationId === undefined) return ids;
  ids.push(operationOutcomeId(context.operationId, status, typeof code === 'string' ? code : undefined));
  if (status < 200 || status >= 300) return ids;
  const prefix = operationOutcomePrefix(context.operationId);
  const resource = RESOURCES_WITH_OUTCOMES.find((name) => prefix.length > name.length && prefix.startsWith(name) && prefix[name.length] === '.');
  if (resource === undefined) return ids;
  for (const item of itemsOf(body)) ids.push(...recordOutcomes(resource, item));
  return ids;
}

const RESOURCE_OF_EVENT: Readonly<Record<Delivery['type'], string>> = {
  'order.status_changed': 'orders',
  'payment.status_changed': 'payments',
  'subscription.status_changed': 'subscriptions',
};

/** What a delivery's latest attempt shows, once the receiver answered it; nothing when it did not answer. */
export function deliveryOutcomes(delivery: Delivery): string[] {
  const latest = delivery.attempts.at(-1);
  // The receiver's leg failed by an armed outcome: met whatever it answered (a cut body gets no answer).
  const leg = latest?.network === 'connect_delayed' ? ['webhook.connect-delay'] : latest?.network === 'reset_mid_body' ? ['webhook.reset-mid-body'] : [];
  const statusCode = latest?.statusCode;
  if (statusCode === undefined) return leg;
  const acknowledged = statusCode >= 200 && statusCode < 300;
  const copy = delivery.duplicateOf !== undefined || delivery.resentFrom !== undefined;
  const ids = [...leg, ...(copy ? ['webhook.duplicate-received'] : []), ...(statusCode >= 500 ? ['webhook.retried-after-5xx'] : [])];
  if (!acknowledged) return ids;
  const data = isItem(delivery.payload.data) ? delivery.payload.data : {};
  return [
    ...ids,
    `webhook.event.${delivery.type}`,
    ...(delivery.attempts.length === 1 && !copy ? ['webhook.delivered'] : []),
    ...recordOutcomes(RESOURCE_OF_EVENT[delivery.type], data),
  ];
}

/** The `Retry-After` seconds an answer asks for, if any. */
export function retryAfterSeconds(exchange: Exchange): number | undefined {
  const found = Object.entries(exchange.headers).find(([name]) => name.toLowerCase() === 'retry-after')?.[1];
  const seconds = Number(found);
  return found !== undefined && Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}
