/**
 * Which scenario a request runs under: the `X-Mock-Scenario` header's, else the calling client's, else the global
 * one; and with it the policy (token lifetime, rate window, order progression) the later stages and the handler
 * apply. Settled here, by the scenario-scope stage, before anything counts the request; and settled again, only
 * when a token request names its client in its body (`client_id`): the body is read after the rate limit, which
 * counts the request under the scenario known before it, so that second settle cannot move earlier.
 */
import type { RequestState } from '../http/stage.ts';
import type { ActiveScenario, ScenarioEngine } from './scenario-engine.ts';

/** The request's own slots for its scenario (see http/stage.ts: a feature declares what it carries). */
declare module '../http/stage.ts' {
  interface RequestState {
    /** The scenario the request runs under, as settled here. */
    scenario?: ActiveScenario | undefined;
    /** The client the scenario was resolved for, as far as known before authentication. */
    scenarioClientId?: string | undefined;
  }
}

export const SCENARIO_HEADER = 'x-mock-scenario';

/** The scenario the request names in its header, if any. */
export function requestedScenario(headers: RequestState['incoming']['headers']): string | undefined {
  const named = headers[SCENARIO_HEADER];
  return typeof named === 'string' ? named.trim() : undefined;
}

/** The first settle: the header's scenario, else that of the client the caller stage found (bearer or Basic). */
export function settleScope(engine: ScenarioEngine, request: RequestState): void {
  settle(engine, request, request.caller?.clientId);
}

/** The second, once the body is read: a token request without a known client that names one in its body. */
export function settleBodyClient(engine: ScenarioEngine, request: RequestState): void {
  if (request.scenarioClientId !== undefined) return;
  const body = request.body;
  const named = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)['client_id'] : undefined;
  if (typeof named === 'string' && named.length > 0) settle(engine, request, named);
}

/** Resolves and records the request's scenario and policy. */
function settle(engine: ScenarioEngine, request: RequestState, clientId: string | undefined): void {
  const active = engine.resolve(requestedScenario(request.incoming.headers), clientId);
  request.scenario = active;
  request.scenarioClientId = clientId;
  if (clientId !== undefined) request.context.clientId = clientId;
  request.context.policy = engine.policyOf(active);
  if (active) request.context.scenario = `${active.scope}:${active.scenario.name}`;
  else delete request.context.scenario;
}
