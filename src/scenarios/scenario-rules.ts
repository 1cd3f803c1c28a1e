/**
 * What a scenario does to a request, decided and answered in one place, ahead of authentication and the handler:
 * the engine decides in one synchronous step (scenario-engine.ts) and this stage carries it out: latency, a
 * scripted answer (nothing is written), a dropped connection, revoking or expiring the caller's token before it
 * is checked, moving the order named in the path. Also `Prefer: code=NNN` (prefer.ts): a scripted answer of that
 * status.
 */
import type { PresentedToken } from '../domain/caller.ts';
import type { Outcome } from '../domain/outcome.ts';
import type { World } from '../deps/world.ts';
import type { Reply } from '../domain/reply.ts';
import { ERRORS, failure, FIXED_REASONS, scriptedFailure, type FixedReason } from '../errors/failures.ts';
import { allowHeader } from '../http/allow-header.ts';
import { securityNeeds } from '../http/security-needs.ts';
import type { Next, RequestState, Stage } from '../http/stage.ts';
import type { OpenApiRouter } from '../openapi/openapi-router.ts';
import type { FinalStatus } from '../orders/transitions.ts';
import { PREFER_HEADER, preferredAnswer, preferredCode } from './prefer.ts';
import { pathParams, type RequestFacts } from './rule-match.ts';
import type { Decision, ScenarioEngine } from './scenario-engine.ts';
import type { RuleEffect } from './scenario-schema.ts';

/** What the effects act through: the flows' own operations, made durable and published like any change. */
export interface RuleActions {
  /** The caller's token read again once an effect changed it (authentication judges it as it is then). */
  presentAgain(presented: PresentedToken): PresentedToken | undefined;
  /** `world`: the request's (its client is the token's owner). */
  revokeToken(world: World, tokenId: string): Outcome<unknown>;
  expireToken(world: World, tokenId: string): Outcome<unknown>;
  moveOrder(world: World, orderId: string, status: FinalStatus): Outcome<unknown>;
  /** Makes an effect's writes durable and publishes its events. */
  apply(outcome: Outcome<unknown>): Promise<void>;
  sleep(ms: number): Promise<void>;
}

export function scenarioRules(engine: ScenarioEngine, router: OpenApiRouter, actions: RuleActions): Stage {
  return {
    name: 'scenario-rules',
    run(request, next) {
      const headers = request.incoming.headers;
      const authorization = typeof headers['authorization'] === 'string' ? headers['authorization'] : undefined;
      const preferred = preferredCode(headers[PREFER_HEADER]);
      if (preferred !== undefined && request.operation) {
        return preferredAnswer(preferred, {
          operation: request.operation,
          takesCredentials: securityNeeds(router, request.operation).takesBasic,
          allow: allowHeader(router.allowedMethods(request.apiPath ?? '')),
        });
      }
      if (!request.scenario || request.scenario.scenario.rules.length === 0) return next(request);
      const decision = engine.decide(request.scenario, factsOf(request, request.world?.clientId, authorization));
      // Most requests fire no rule: they pass on in the same turn, with no promise of this stage's own.
      if (decision.fired.length === 0) return next(request);
      return ruled(decision, request, next, actions);
    },
  };
}

/** A request that fired rules: their effects, their latency, then their answer or the rest of the list. */
async function ruled(decision: Decision, request: RequestState, next: Next, actions: RuleActions): Promise<Reply> {
  await applySideEffects(decision, request, actions);
  if (decision.latencyMs > 0) await actions.sleep(decision.latencyMs);
  if (decision.drop) return failure('internal', { drop: true });
  if (decision.respond) return scriptedAnswer(decision.respond);
  return next(request);
}

function factsOf(request: RequestState, clientId: string | undefined, authorization: string | undefined): RequestFacts {
  return {
    method: request.context.method,
    path: `/v1${request.apiPath ?? ''}`,
    operationId: request.context.operationId,
    clientId,
    authenticated: authorization !== undefined && /^Bearer /i.test(authorization),
    headers: request.incoming.headers,
    body: request.body,
  };
}

async function applySideEffects(decision: Decision, request: RequestState, actions: RuleActions): Promise<void> {
  const token = request.caller?.token;
  // The effects act for the token's owner: its client named the request, so the request's world is the owner's.
  const world = token ? request.world : undefined;
  if (token && world && decision.revokeToken) await actions.apply(actions.revokeToken(world, token.record.id));
  if (token && world && decision.expireToken) await actions.apply(actions.expireToken(world, token.record.id));
  if (token && (decision.revokeToken || decision.expireToken)) {
    const again = actions.presentAgain(token);
    const { token: _stale, ...rest } = request.caller ?? {};
    request.caller = again ? { ...rest, token: again } : rest;
  }
  const orderId = request.operation ? pathParams(request.operation.path, request.apiPath ?? '')['order_id'] : undefined;
  if (world && decision.orderStatus && orderId !== undefined) {
    await actions.apply(actions.moveOrder(world, orderId, decision.orderStatus));
  }
}

/** A catalogue error, restated by the script; `simulated` (`erro_simulado`) when it names none; or a free body. */
function scriptedAnswer(respond: NonNullable<RuleEffect['respond']>): Reply {
  const headers = respond.headers ?? {};
  if (respond.error !== undefined) return scriptedFailure(reasonOf(respond.error), { status: respond.status, message: respond.message }, headers);
  const status = respond.status ?? 500;
  if (respond.body === undefined && status >= 400) return scriptedFailure('simulated', { status, code: respond.code, message: respond.message }, headers);
  return { ok: true, status, headers, body: respond.body };
}

/** A catalogue reason (`client_inactive`) or error code (`CLIENT_INATIVO`; the first reason with that code). */
function reasonOf(error: string): FixedReason {
  return FIXED_REASONS.find((reason) => reason === error) ?? FIXED_REASONS.find((reason) => ERRORS[reason].code === error) ?? 'internal';
}
