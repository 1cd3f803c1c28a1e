/**
 * Settles which scenario a request runs under, before anything counts it (see ../request-scenario.ts): the
 * header's (an unknown name is refused), else the calling client's (`request.caller`), else the global one.
 */
import { failure } from '../../errors/failures.ts';
import type { ScenarioEngine } from '../../scenarios/scenario-engine.ts';
import { requestedScenario, settleScenario } from '../request-scenario.ts';
import type { Stage } from '../stage.ts';

export function scenarioScope(engine: ScenarioEngine): Stage {
  return {
    name: 'scenario-scope',
    run(request, next) {
      const requested = requestedScenario(request.incoming.headers);
      if (requested !== undefined && !engine.library.get(requested)) {
        return failure('invalid_request', { details: [{ path: 'X-Mock-Scenario', message: `cenário desconhecido: ${requested.slice(0, 64)}` }] });
      }
      settleScenario(engine, request, requested, request.caller?.clientId);
      return next();
    },
  };
}
