/** Scenarios: list what can be activated, what is active where (with each activation's rule counters), (de)activate. */
import { failure } from '../errors/failures.ts';
import type { AdminHandlerTable } from '../handlers/handler.ts';
import { okData } from '../domain/reply.ts';
import type { AdminContext } from './admin-context.ts';
import { activateWorld } from '../world/activate-world.ts';

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
          sets: (['tokens', 'rateLimit', 'orders', 'subscriptions', 'webhooks', 'wallets'] as const).filter((field) => scenario[field] !== undefined),
        })),
      ),
    getActiveScenarios: status,
    async activateScenario(input) {
      const { name, clientId } = input.body;
      if (clientId !== undefined && !admin.deps.clients.find(clientId)) return failure('unknown_client', { clientId });
      if (clientId === undefined) return scenarios.activate(name) ? status() : failure('unknown_scenario', { name });
      const world = activateWorld(admin.worldParts, { clientId, scenario: name });
      if (!world.ok) return world;
      if (world.written.length > 0) {
        await admin.apply(world);
        // A wallet set afresh (a balance restored) may let a pending order's progression through.
        await admin.tick();
      }
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
