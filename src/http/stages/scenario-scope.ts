/**
 * Settles which scenario a request runs under, before anything counts it: the `X-Mock-Scenario` header's, else
 * the calling client's (from its bearer token or Basic credentials), else the global one; and with it the policy
 * (token lifetime, rate window, order progression) the later stages and the handler apply.
 */
import { failure } from '../../errors/failures.ts';
import type { Principal } from '../../handling/request-context-types.ts';
import type { ScenarioEngine } from '../../scenarios/scenario-engine.ts';
import { basicClientId } from '../basic-credentials.ts';
import type { RequestState, Stage } from '../stage.ts';

export const SCENARIO_HEADER = 'x-mock-scenario';

export function scenarioScope(engine: ScenarioEngine, identify: (authorization: string | undefined) => Principal | undefined): Stage {
  return {
    name: 'scenario-scope',
    run(request, next) {
      const named = request.incoming.headers[SCENARIO_HEADER];
      const requested = typeof named === 'string' ? named.trim() : undefined;
      if (requested !== undefined && !engine.library.get(requested)) {
        return failure('unknown_scenario_header', { name: requested.slice(0, 64) });
      }
      const authorization = request.incoming.headers['authorization'];
      const header = typeof authorization === 'string' ? authorization : undefined;
      settle(engine, request, requested, identify(header)?.clientId ?? basicClientId(header));
      return next();
    },
  };
}

/** Resolves and records the request's scenario and policy (again once a later stage learns the client). */
export function settle(engine: ScenarioEngine, request: RequestState, requested: string | undefined, clientId: string | undefined): void {
  const active = engine.resolve(requested, clientId);
  request.scenario = active;
  request.scenarioClientId = clientId;
  if (clientId !== undefined) request.context.clientId = clientId;
  request.context.policy = engine.policyOf(active);
  if (active) request.context.scenario = `${active.scope}:${active.scenario.name}`;
  else delete request.context.scenario;
}
