/**
 * The stage that carries out an armed request outcome (`auth.*`, `rate-limit.429`, `server.*`, `network.*`): the
 * client's next request (of the arm's operation, when it names one) meets it. Its token is expired or revoked just
 * before it is checked (authentication then answers the API's own 401), or the request is answered with the
 * catalogue's error in place of the operation, nothing else written, or its connection fails (`network.*`: the
 * answer lost after the commit, held or trickled, or the connection reset before anything is handled). The arm counts down in a change of its own,
 * made durable before the answer. It also names, for the request journal, the armed outcomes a request met: its own,
 * and those that ended an order it moved (src/armed/armed-orders.ts).
 */
import type { World } from '../deps/world.ts';
import type { OrderEvent } from '../domain/events.ts';
import type { Outcome } from '../domain/outcome.ts';
import type { Reply } from '../domain/reply.ts';
import type { PresentedToken } from '../domain/caller.ts';
import { failure } from '../errors/failures.ts';
import type { Next, RequestState, Stage } from '../http/stage.ts';
import type { ApplyChange } from '../store/apply-change.ts';
import type { Store } from '../store/store-types.ts';
import type { NetworkFailure, RequestEffect } from './armable.ts';
import type { ArmedOutcomes, LiveArm } from './armed-outcomes.ts';
import { armOperationMatches } from './arm-operation.ts';

export interface ArmedRequestActions {
  armed: Pick<ArmedOutcomes, 'list' | 'live' | 'fire'>;
  store: Pick<Store, 'put'>;
  /** The caller's token read again once it ended (authentication judges it as it is then). */
  presentAgain(presented: PresentedToken): PresentedToken | undefined;
  revokeToken(world: World, tokenId: string): Outcome<unknown>;
  expireToken(world: World, tokenId: string): Outcome<unknown>;
  apply: ApplyChange;
  /** How long an armed `network.timeout` holds the answer, and `network.slow-body` trickles it (`timeouts.heldAnswerSeconds`). */
  holdMs: number;
}

export function armedRequests(actions: ArmedRequestActions): Stage {
  return {
    name: 'armed-outcomes',
    run(request, next) {
      const { world } = request;
      // Most clients have nothing armed: their requests pass on as they would without this stage (no frame added).
      if (!world || world.armedOutcomes().length === 0) return next(request);
      const arm = actions.armed.live(world.clientId, 'request').find((candidate) => meetsNow(candidate, request));
      if (!arm) return namingArmedMoves(request, next);
      return fireArm(arm, world, request, next, actions);
    },
  };
}

/** The request meets an arm: it is fired (durably), then the request ends its token and goes on, or is answered. */
async function fireArm(arm: LiveArm, world: World, request: RequestState, next: Next, actions: ArmedRequestActions): Promise<Reply> {
  const effect = arm.effect as RequestEffect;
  const fired = actions.armed.fire(arm.record.id, world.clock.now().toISOString(), { requestId: request.context.requestId });
  if (fired) {
    actions.store.put(fired.collection, fired.record);
    await actions.apply({ written: [fired] });
  }
  request.context.armed = [arm.record.outcome];
  if (effect.network) return networkFailure(effect.network, request, next, actions.holdMs);
  if (effect.endToken) {
    await endToken(effect.endToken, world, request, actions);
    return next(request);
  }
  const headers: Record<string, string> = effect.retryAfterSeconds === undefined ? {} : { 'Retry-After': String(effect.retryAfterSeconds) };
  return failure(effect.respond ?? 'simulated', { headers });
}

/**
 * The request's connection fails as the arm says; the reply writer carries the plan out (http/send-reply.ts). After
 * the handler (committed, its events published) for a lost or late answer; in place of it for a reset or a timeout
 * before the commit, whose dropped reply says nothing was handled.
 */
async function networkFailure(how: NetworkFailure, request: RequestState, next: Next, holdMs: number): Promise<Reply> {
  if (how === 'reset' || how === 'timeout-before-commit') {
    request.context.connection = how === 'reset' ? { end: 'reset' } : { holdMs };
    return failure('internal', { drop: true });
  }
  const reply = await next(request);
  request.context.connection = how === 'reply-lost' ? { end: 'drop' } : how === 'slow-body' ? { trickleMs: holdMs } : { holdMs };
  return reply;
}

/** Whether this request meets the arm: its operation, and for a token's end, a token to end. */
function meetsNow(arm: LiveArm, request: RequestState): boolean {
  if (!armOperationMatches(arm.record.operation, request.context.operationId, `/v1${request.apiPath ?? ''}`)) return false;
  return (arm.effect as RequestEffect).endToken === undefined || request.caller?.token !== undefined;
}

async function endToken(how: 'expire' | 'revoke', world: World, request: RequestState, actions: ArmedRequestActions): Promise<void> {
  const token = request.caller?.token;
  if (!token) return;
  await actions.apply(how === 'expire' ? actions.expireToken(world, token.record.id) : actions.revokeToken(world, token.record.id));
  const again = actions.presentAgain(token);
  const { token: _ended, ...rest } = request.caller ?? {};
  request.caller = again ? { ...rest, token: again } : rest;
}

/** The armed outcomes that ended the orders this request moved, for its journal entry. */
async function namingArmedMoves(request: RequestState, next: Next): Promise<Reply> {
  const reply = await next(request);
  if (!reply.ok || !reply.events) return reply;
  const armed = reply.events.flatMap((event) => ((event as OrderEvent).armed === undefined ? [] : [(event as OrderEvent).armed as string]));
  if (armed.length > 0) request.context.armed = [...(request.context.armed ?? []), ...armed];
  return reply;
}
