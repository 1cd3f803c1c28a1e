/**
 * The exchanges the proxy saw, as a Pact V4 file `commerce-mock verify` can verify against the mock: secrets
 * redacted and given back at verification by provider-state generators (the verifying client's credentials and
 * token), volatile values matched by type. Only exchanges whose answer follows from the request alone are kept:
 * the verifier resets the mock around each interaction, so an answer that reads earlier records (a GET, a path
 * naming a record by id) could not be reproduced; those are counted as left out.
 */
import type { Operation } from '../openapi/openapi-router.ts';
import { mediaType } from '../openapi/media-type.ts';
import { redactSecrets } from '../http/redact.ts';
import type { Exchange } from './exchange.ts';
import { isVolatileField } from './volatile.ts';

export const ACTIVE_CLIENT_STATE = 'client {clientId} is active';

/** A secret of a request body → the provider-state value that replaces it when the interaction is verified. */
const GENERATED: Record<string, string> = {
  client_id: '${clientId}',
  clientId: '${clientId}',
  client_secret: '${clientSecret}',
  clientSecret: '${clientSecret}',
  refresh_token: '${refreshToken}',
  token: '${accessToken}',
};

/**
 * The credentials of an `Authorization` header → the provider-state value that stands for them at verification:
 * the verifying client's token, or (HTTP Basic, a token request's client authentication) its id and secret
 * encoded as the header carries them, so the recorded request authenticates as the verifying client does.
 */
const AUTHORIZATION_VALUE = { Bearer: '${accessToken}', Basic: '${basicCredentials}' } as const;

function credentialScheme(authorization: string | undefined): keyof typeof AUTHORIZATION_VALUE | undefined {
  const scheme = authorization === undefined ? undefined : /^(bearer|basic) /i.exec(authorization)?.[1]?.toLowerCase();
  return scheme === 'bearer' ? 'Bearer' : scheme === 'basic' ? 'Basic' : undefined;
}

export type Recordable = { ok: true; interaction: Record<string, unknown> } | { ok: false; why: string };

export function pactInteraction(exchange: Exchange, operation: Operation | undefined, operationId: string, index: number): Recordable {
  const { request } = exchange;
  if (!operation) return { ok: false, why: 'no operation of the document' };
  if (request.method === 'GET' || request.method === 'HEAD') return { ok: false, why: 'a read: its answer depends on the records the target holds' };
  if (/\{[^}]+\}/.test(operation.path)) return { ok: false, why: 'its path names a record by id' };
  const sent = requestJson(exchange);
  if (!sent.ok) return { ok: false, why: 'a request body that is not JSON' };
  const scheme = credentialScheme(request.headers['authorization']);
  const generators: Record<string, unknown> = {};
  const headers: Record<string, string[]> = {};
  if (sent.body !== undefined) headers['Content-Type'] = ['application/json'];
  if (scheme) {
    headers['Authorization'] = [`${scheme} ***`];
    generators['header'] = { Authorization: { type: 'ProviderState', expression: `${scheme} ${AUTHORIZATION_VALUE[scheme]}` } };
  }
  const bodyGenerators = Object.fromEntries(
    Object.keys(isObject(sent.body) ? sent.body : {})
      .filter((name) => GENERATED[name] !== undefined)
      .map((name) => [`$.${name}`, { type: 'ProviderState', expression: GENERATED[name] }]),
  );
  if (Object.keys(bodyGenerators).length > 0) generators['body'] = bodyGenerators;
  const responseType = exchange.headers['content-type'];
  const interaction = {
    type: 'Synchronous/HTTP',
    description: `${operationId} answering ${exchange.status} (exchange ${index})`,
    providerStates: [{ name: ACTIVE_CLIENT_STATE, params: {} }],
    request: {
      method: request.method,
      path: request.path,
      ...(Object.keys(request.query).length > 0 ? { query: listQuery(redactSecrets(request.query)) } : {}),
      headers,
      ...(sent.body !== undefined ? { body: { content: redactSecrets(sent.body), contentType: 'application/json', encoded: false } } : {}),
      ...(Object.keys(generators).length > 0 ? { generators } : {}),
      ...(scheme ? { matchingRules: { header: { Authorization: { combine: 'AND', matchers: [{ match: 'regex', regex: `^${scheme} \\S+$` }] } } } } : {}),
    },
    response: {
      status: exchange.status,
      headers: responseType ? { 'Content-Type': [responseType] } : {},
      ...(exchange.body !== undefined ? responseBody(exchange.body) : {}),
    },
  };
  return { ok: true, interaction };
}

function responseBody(body: unknown): Record<string, unknown> {
  const volatile = volatilePaths(body, '$');
  return {
    body: { content: redactSecrets(body), contentType: 'application/json', encoded: false },
    ...(volatile.length > 0 ? { matchingRules: { body: Object.fromEntries(volatile.map((path) => [path, { combine: 'AND', matchers: [{ match: 'type' }] }])) } } : {}),
  };
}

/** JSON paths (`$.data.id`, `$.data.items[0].productId`) of every scalar under a volatile name. */
function volatilePaths(value: unknown, path: string): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => volatilePaths(item, `${path}[${index}]`));
  if (!isObject(value)) return [];
  return Object.entries(value).flatMap(([name, child]) => {
    const at = /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? `${path}.${name}` : `${path}['${name.replace(/'/g, "\\'")}']`;
    if (isVolatileField(name) && (typeof child === 'string' || typeof child === 'number')) return [at];
    return volatilePaths(child, at);
  });
}

function requestJson(exchange: Exchange): { ok: true; body?: unknown } | { ok: false } {
  const sent = exchange.request.body;
  if (sent === undefined) return { ok: true };
  const type = mediaType(sent.contentType);
  if (type !== undefined && type !== 'application/json') return { ok: false };
  try {
    return { ok: true, body: sent.kind === 'value' ? sent.value : (JSON.parse(sent.text) as unknown) };
  } catch {
    return { ok: false };
  }
}

function listQuery(query: Record<string, string | string[]>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(query).map(([name, value]) => [name, Array.isArray(value) ? value : [value]]));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function pactDocument(interactions: readonly Record<string, unknown>[]): Record<string, unknown> {
  return {
    consumer: { name: 'proxy-recording' },
    provider: { name: 'commerce-api' },
    interactions,
    metadata: { pactSpecification: { version: '4.0' }, 'commerce-mock': { recordedBy: 'commerce-mock proxy' } },
  };
}
