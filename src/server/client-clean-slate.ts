/**
 * How the mock's own provider-state and message endpoints start a session afresh on a shared mock: only the clients
 * the session concerns, never the others (docs/security.md, "Provider states touch one client"). The verifying client
 * goes back to how the configuration has it: its records and tokens dropped, its scenario (made active through the one
 * activation, world/activate-world.ts, so the wallets it declares are set afresh), webhook endpoint and activation
 * as configured, its rate window at the verifier's address emptied. A client a state changed besides it
 * (`client {clientId} is inactive`) gets its activation back (as configured, else active) and keeps its records.
 * Other tenants, their tokens, clocks and records, the global clock and the journal are untouched.
 */
import type { ClientRegistry } from '../clients/client-registry.ts';
import type { Worlds } from '../deps/world.ts';
import type { Config } from '../platform/config.ts';
import type { RateLimiter } from '../rate-limit/rate-windows.ts';
import type { ScenarioEngine } from '../scenarios/scenario-engine.ts';
import type { MockState } from '../state/mock-state.ts';
import type { ApplyChange } from '../store/apply-change.ts';
import { activateWorld, type WorldParts } from '../world/activate-world.ts';
import type { Webhooks } from '../webhooks/webhook-types.ts';

export interface CleanSlateParts {
  config: Pick<Config, 'clients'>;
  clients: ClientRegistry;
  scenarios: Pick<ScenarioEngine, 'deactivate'>;
  worldParts: WorldParts;
  applyChange: ApplyChange;
  webhooks: Pick<Webhooks, 'endpoints' | 'configuredEndpoints' | 'setEndpoints'>;
  limiter: Pick<RateLimiter, 'forget'>;
  worlds: Worlds;
  state: Pick<MockState, 'resetClient'>;
}

/** `clientIds`: the verifying client first, then the others the session changed; `ip`: the verifier's address. */
export type CleanSlate = (clientIds: readonly string[], ip: string) => Promise<void>;

export function clientCleanSlate(parts: CleanSlateParts): CleanSlate {
  const { config, clients, scenarios, webhooks, limiter, worlds, state, worldParts, applyChange } = parts;
  const configured = (clientId: string) => config.clients.find((client) => client.clientId === clientId);
  return async ([verifying, ...changed], ip) => {
    for (const clientId of changed) if (clients.find(clientId)) clients.setActive(clientId, configured(clientId)?.active ?? true);
    if (verifying === undefined || !clients.find(verifying)) return;
    const own = configured(verifying);
    clients.setActive(verifying, own?.active ?? true);
    scenarios.deactivate(verifying);
    const endpoints = webhooks.endpoints();
    const endpoint = webhooks.configuredEndpoints()[verifying];
    if (endpoint) endpoints[verifying] = endpoint;
    else delete endpoints[verifying];
    webhooks.setEndpoints(endpoints);
    limiter.forget(worlds.of(verifying).rateKey(ip));
    // It makes durable what changed above with the records it drops.
    await state.resetClient(verifying);
    // Then the configured scenario, with the wallets it declares, on the records' clean slate.
    if (own?.scenario) await applyChange(activateWorld(worldParts, { clientId: verifying, scenario: own.scenario }));
  };
}
