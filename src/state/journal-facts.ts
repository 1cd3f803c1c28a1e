/**
 * The facts of an answer the journal keeps beyond its summary so that the audit (src/audit/) can judge the client's
 * habits from the journal alone, after the exchange itself is let go: the `Retry-After` it asked for, the status of the
 * order it showed, the cart of an order request, where a client secret went that should not have, the details of a
 * refusal. Each is read only for the answers it concerns (a GET by id reads one field), and none holds a secret.
 */
import { createHash } from 'node:crypto';
import type { Exchange } from '../domain/caller.ts';
import { cartOf, ORDER_LOOK_UPS } from '../domain/order-cart.ts';
import { retryAfterSeconds } from '../coverage/outcome-matching.ts';

export type SecretSent = 'query' | 'body' | 'basic';

/** The operations a client secret is meant for: the token's (RFC 6749 §2.3.1, RFC 7009 §2.1). */
const SECRET_OPERATIONS: ReadonlySet<string> = new Set(['issueToken', 'refreshToken', 'revokeToken']);
const SECRET_PARAMETER = /(?:^|&)client_?secret=/i;

const isItem = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The `Retry-After` seconds of a 429 or 503. */
export function retryAfterOf(exchange: Exchange): number | undefined {
  return exchange.status === 429 || exchange.status === 503 ? retryAfterSeconds(exchange) : undefined;
}

/** The status of the order a look-up by id showed. */
export function orderStatusOf(exchange: Exchange): string | undefined {
  const { operationId } = exchange.context;
  if (operationId === undefined || !ORDER_LOOK_UPS.has(operationId) || !isItem(exchange.body)) return undefined;
  const data = exchange.body['data'];
  return isItem(data) && typeof data['status'] === 'string' ? data['status'] : undefined;
}

/** An order request's cart (domain/order-cart.ts) as a short digest: the same cart, the same digest, no phone kept. */
export function cartDigestOf(exchange: Exchange): string | undefined {
  if (exchange.context.operationId !== 'createOrder') return undefined;
  const cart = cartOf(exchange.request?.body);
  return cart === undefined ? undefined : `cart_${createHash('sha256').update(cart).digest('hex').slice(0, 16)}`;
}

/** Where the request carried a client secret outside the token's operations: its query, its body, Basic credentials. */
export function secretSentOf(exchange: Exchange): SecretSent | undefined {
  const { query, operationId } = exchange.context;
  if (query !== '' && SECRET_PARAMETER.test(query)) return 'query';
  if (operationId !== undefined && SECRET_OPERATIONS.has(operationId)) return undefined;
  const body = exchange.request?.body;
  if (isItem(body) && (body['client_secret'] !== undefined || body['clientSecret'] !== undefined)) return 'body';
  const authorization = exchange.request?.headers['authorization'];
  return typeof authorization === 'string' && /^basic /i.test(authorization) ? 'basic' : undefined;
}

/** A 400's message and the paths its details name: the same refusal, the same text. */
export function errorDetailOf(exchange: Exchange): string | undefined {
  if (exchange.status !== 400 || !isItem(exchange.body)) return undefined;
  const { message, details } = exchange.body;
  const paths = Array.isArray(details) ? details.flatMap((detail) => (isItem(detail) && typeof detail['path'] === 'string' ? [detail['path']] : [])) : [];
  const text = [typeof message === 'string' ? message : '', ...paths].filter((part) => part !== '').join(' · ');
  return text === '' ? undefined : text.slice(0, 300);
}
