/**
 * A consumer pact (Pact V4) from what a client did: one interaction per thing its integration did (operation ×
 * outcome, traffic-outcome.ts), the first exchange of each as its example, with the provider states that bring it
 * back on a fresh provider (traffic-states.ts) and matchers in place of the values that change from run to run
 * (body-matchers.ts). Made from the journal, where every secret was masked before anything was kept: no secret can
 * reach the file. Exchanges that cannot be a contract are left out and listed with why.
 */
import type { RequestJournalDetail } from '../state/request-journal.ts';
import { generalisedBody, type MatchingRules } from './body-matchers.ts';
import { keptHeader } from './kept-header.ts';
import type { LeftOut } from './left-out.ts';
import { trafficOutcome } from './traffic-outcome.ts';
import { messagesFromWebhooks, type MessageInteraction, type ReceivedWebhook } from './traffic-messages.ts';
import { statesOf, type Generators, type ProviderStateRef } from './traffic-states.ts';

export type { LeftOut } from './left-out.ts';

export const DEFAULT_PROVIDER = 'commerce-api';

/**
 * A pact's consumer or provider name: letters, digits, '.', '_' or '-', at most 100, never a leading '.'. It names a
 * file (`<consumer>-<provider>.json`), so it holds no '/' and climbs out of no folder. The route's `consumer` and
 * `provider` parameters (spec/admin.yaml) carry the same pattern, and test/traffic/pact-names.test.ts holds them to it.
 */
export const PACT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

export interface PactNames {
  consumer: string;
  provider?: string;
}

export interface TrafficPact {
  pact: PactV4;
  /** The webhooks the client's receiver acknowledged, as a message pact (its provider `<provider>-webhooks`); none without any. */
  messages?: PactV4<MessageInteraction>;
  /** The exchanges read, oldest first, that made no interaction, each with why. */
  leftOut: LeftOut[];
  /** How many exchanges were read. */
  read: number;
}

export interface PactV4<Interaction = HttpInteraction> {
  consumer: { name: string };
  provider: { name: string };
  interactions: Interaction[];
  metadata: Record<string, unknown>;
}

interface Body {
  content: unknown;
  contentType: 'application/json';
  encoded: false;
}

export interface HttpInteraction {
  type: 'Synchronous/HTTP';
  description: string;
  pending: false;
  providerStates?: ProviderStateRef[];
  request: {
    method: string;
    path: string;
    query?: Record<string, string[]>;
    headers?: Record<string, string[]>;
    body?: Body;
    generators?: Generators;
    matchingRules?: { header?: MatchingRules; body?: MatchingRules };
  };
  response: {
    status: number;
    headers?: Record<string, string[]>;
    body?: Body;
    matchingRules?: { header?: MatchingRules; body?: MatchingRules };
  };
}

/**
 * `exchanges` and `webhooks` oldest first (the first of each kind is the example); the pact, the message pact of the
 * webhooks, and what was left out.
 */
export function pactFromTraffic(exchanges: readonly RequestJournalDetail[], webhooks: readonly ReceivedWebhook[], names: PactNames, version: string): TrafficPact {
  const interactions = new Map<string, HttpInteraction>();
  const leftOut: LeftOut[] = [];
  for (const exchange of exchanges) {
    const made = interactionOf(exchange);
    if (!made.ok) leftOut.push({ requestId: exchange.id, what: `${exchange.method} ${exchange.path} → ${exchange.status}`, why: made.why });
    else if (!interactions.has(made.key)) interactions.set(made.key, made.interaction);
  }
  const provider = names.provider ?? DEFAULT_PROVIDER;
  const metadata = (recordedFrom: string) => ({ pactSpecification: { version: '4.0' }, 'commerce-mock': { version, recordedFrom } });
  const pact: PactV4 = {
    consumer: { name: names.consumer },
    provider: { name: provider },
    interactions: [...interactions.values()].sort((a, b) => a.description.localeCompare(b.description)),
    metadata: metadata('the request journal'),
  };
  const received = messagesFromWebhooks(webhooks);
  leftOut.push(...received.leftOut);
  const messages = received.messages.length === 0 ? undefined : { consumer: { name: names.consumer }, provider: { name: `${provider}-webhooks` }, interactions: received.messages, metadata: metadata('the webhook deliveries') };
  return { pact, ...(messages && { messages }), leftOut, read: exchanges.length };
}

type Made = { ok: true; key: string; interaction: HttpInteraction } | { ok: false; why: string };

function interactionOf(exchange: RequestJournalDetail): Made {
  const { operationId, status, error } = exchange;
  if (operationId === undefined) return { ok: false, why: 'no operation of the API answered it' };
  if (exchange.network !== undefined) return { ok: false, why: `the client never read this answer as sent (${exchange.network})` };
  if (exchange.armed?.length) return { ok: false, why: `an armed outcome answered it (${exchange.armed.join(', ')})` };
  if (exchange.scenario !== undefined && !exchange.scenario.endsWith(':default')) return { ok: false, why: `the scenario ${exchange.scenario} answered it` };
  if (status >= 500) return { ok: false, why: 'a server error is no contract' };
  if (!exchange.request || !exchange.response) return { ok: false, why: "the journal's byte budget no longer keeps its bodies" };
  if (exchange.request.truncated || exchange.response.truncated) return { ok: false, why: 'a body was larger than the journal keeps' };
  const requestBody = exchange.request.body;
  const responseBody = exchange.response.body;
  const query = queryOf(exchange.query);
  const authorization = keptHeader(exchange.request.headers, 'authorization');
  const states = statesOf({ operationId, path: exchange.path, query, authorization, body: requestBody }, status, error, responseBody);
  if (!states.ok) return states;
  const outcome = trafficOutcome(operationId, status, error, responseBody);
  const response = generalisedBody(responseBody);
  const interaction: HttpInteraction = {
    type: 'Synchronous/HTTP',
    description: outcome.description,
    pending: false,
    ...(states.states.length > 0 && { providerStates: states.states }),
    request: {
      method: exchange.method,
      path: exchange.path,
      ...(Object.keys(query).length > 0 && { query }),
      ...requestHeaders(authorization, requestBody !== undefined),
      ...(requestBody !== undefined && { body: jsonBody(requestBody) }),
      ...(Object.keys(states.generators).length > 0 && { generators: states.generators }),
    },
    response: {
      status,
      ...(responseBody !== undefined && {
        headers: { 'Content-Type': ['application/json'] },
        body: jsonBody(response.example),
        matchingRules: {
          header: { 'Content-Type': { combine: 'AND', matchers: [{ match: 'regex', regex: '^application/json.*' }] } },
          ...(Object.keys(response.rules).length > 0 && { body: response.rules }),
        },
      }),
    },
  };
  return { ok: true, key: outcome.key, interaction };
}

function jsonBody(content: unknown): Body {
  return { content, contentType: 'application/json', encoded: false };
}

/** The request's headers in the contract: its JSON body's type, and its credentials (masked; a state's value replaces them). */
function requestHeaders(authorization: string | undefined, hasBody: boolean): { headers?: Record<string, string[]>; matchingRules?: { header: MatchingRules } } {
  const headers: Record<string, string[]> = {};
  if (hasBody) headers['Content-Type'] = ['application/json'];
  if (authorization !== undefined) headers['Authorization'] = [authorization];
  if (Object.keys(headers).length === 0) return {};
  const matchingRules = authorization === undefined ? undefined : { header: { Authorization: { combine: 'AND' as const, matchers: [{ match: 'type' as const }] } } };
  return { headers, ...(matchingRules && { matchingRules }) };
}

function queryOf(query: string | undefined): Record<string, string[]> {
  const values: Record<string, string[]> = {};
  for (const [name, value] of new URLSearchParams(query ?? '')) (values[name] ??= []).push(value);
  return values;
}
