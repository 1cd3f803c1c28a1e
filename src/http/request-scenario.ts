/**
 * Which scenario a request runs under: the `X-Mock-Scenario` header's, else the calling client's, else the global
 * one; and with it the policy (token lifetime, rate window, order progression) the later stages and the handler
 * apply. Settled by the scenario-scope stage, again by scenario-rules once a token request's body names its client.
 */
import type { ScenarioEngine } from '../scenarios/scenario-engine.ts';
import type { RequestState } from './stage.ts';

export const SCENARIO_HEADER = 'x-mock-scenario';

/** The scenario the request names in its header, if any. */
export function requestedScenario(headers: RequestState['incoming']['headers']): string | undefined {
  const named = headers[SCENARIO_HEADER];
  return typeof named === 'string' ? named.trim() : undefined;
}

/** Resolves and records the request's scenario and policy. */
export function settleScenario(engine: ScenarioEngine, request: RequestState, requested: string | undefined, clientId: string | undefined): void {
  const active = engine.resolve(requested, clientId);
  request.scenario = active;
  request.scenarioClientId = clientId;
  if (clientId !== undefined) request.context.clientId = clientId;
  request.context.policy = engine.policyOf(active);
  if (active) request.context.scenario = `${active.scope}:${active.scenario.name}`;
  else delete request.context.scenario;
}
