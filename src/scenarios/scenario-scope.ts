/**
 * Settles which scenario a request runs under, before anything counts it (see request-scenario.ts): the
 * header's (an unknown name is refused), else the calling client's (`request.caller`), else the global one.
 */
import { failure } from '../errors/failures.ts';
import type { Stage } from '../http/stage.ts';
import { requestedScenario, settleScope } from './request-scenario.ts';
import type { ScenarioEngine } from './scenario-engine.ts';

export function scenarioScope(engine: ScenarioEngine): Stage {
  return {
    name: 'scenario-scope',
    run(request, next) {
      const requested = requestedScenario(request.incoming.headers);
      if (requested !== undefined && !engine.library.get(requested)) {
        return failure('unknown_scenario_header', { name: requested.slice(0, 64) });
      }
      settleScope(engine, request);
      return next(request);
    },
  };
}
