/** Scenarios: list what can be activated, what is active where (with each activation's rule counters), (de)activate. */
import { failure } from '../errors/failures.ts';
import type { AdminHandlerTable } from '../handlers/handler.ts';
import { okData } from '../domain/reply.ts';
import type { AdminContext } from './admin-context.ts';

export function scenarioHandlers(admin: AdminContext) {
  const { scenarios } = admin;
  const status = () => {
    const { global, clients, activations } = scenarios.status();
    return okData({ global: global ?? null, clients, activations });
  };
  return {
    listScenarios: () =>
      okData(
        scenarios.library.list().map((scenario) => ({
          name: scenario.name,
          ...(scenario.description ? { description: scenario.description } : {}),
          source: scenario.source,
          rules: scenario.rules.length,
          sets: (['tokens', 'rateLimit', 'orders', 'subscriptions', 'webhooks'] as const).filter((field) => scenario[field] !== undefined),
        })),
      ),
    getActiveScenarios: status,
    activateScenario(input) {
      const { name, clientId } = input.body;
      if (clientId !== undefined && !admin.deps.clients.find(clientId)) return failure('unknown_client', { clientId });
      if (!scenarios.activate(name, clientId)) return failure('unknown_scenario', { name });
      return status();
    },
    deactivateScenario(input) {
      const clientId = input.query['clientId'] as string | undefined;
      // As activation does: a client the mock does not know is named, not silently ignored.
      if (clientId !== undefined && !admin.deps.clients.find(clientId)) return failure('unknown_client', { clientId });
      scenarios.deactivate(clientId);
      return status();
    },
  } satisfies Partial<AdminHandlerTable>;
}
