/**
 * Which scenario a request runs under: the `X-Mock-Scenario` header's, else the calling client's, else the global
 * one; and with it the policy (token lifetime, rate window, order progression) the later stages and the handler
 * apply. Settled once, here, by the scenario-scope stage, before anything counts the request: the caller stage has
 * found the client by then, from a bearer token, Basic credentials or a token request's body.
 */
import type { RequestState } from '../http/stage.ts';
import type { ActiveScenario, ScenarioEngine } from './scenario-engine.ts';

/** The request's own slots for its scenario (see http/stage.ts: a feature declares what it carries). */
declare module '../http/stage.ts' {
  interface RequestState {
    /** The scenario the request runs under, as settled here (for the client `request.caller` names, if any). */
    scenario?: ActiveScenario | undefined;
  }
}

export const SCENARIO_HEADER = 'x-mock-scenario';

/** The scenario the request names in its header, if any. */
export function requestedScenario(headers: RequestState['incoming']['headers']): string | undefined {
  const named = headers[SCENARIO_HEADER];
  return typeof named === 'string' ? named.trim() : undefined;
}

/**
 * The one settle: the header's scenario, else that of the client the caller stage found (bearer, Basic, or a token
 * request's body), else the global one; recorded with its policy, which the request's world then runs under (so its
 * webhooks, its payer's prompt and its subscriptions' billing follow the header's scenario as its answer does).
 */
export function settleScope(engine: ScenarioEngine, request: RequestState): void {
  const active = engine.resolve(requestedScenario(request.incoming.headers), request.world?.clientId);
  request.scenario = active;
  request.context.policy = engine.policyOf(active);
  if (request.world) request.world = request.context.world = request.world.under(request.context.policy);
  if (active) request.context.scenario = `${active.scope}:${active.scenario.name}`;
  else delete request.context.scenario;
}
