/**
 * Making a client's world what it should be, in one place: its own clock (a tenant's), its scenario, the wallets
 * that scenario declares, its webhook endpoint and its seeded data. Start-up (a client given a scenario in the
 * configuration), the admin API (a scenario activated for a client) and tenant creation all call `activateWorld`,
 * so a world made one way is the world made any other way.
 */
import { done, type Outcome } from '../domain/outcome.ts';
import type { RecordWrite } from '../domain/records.ts';
import { failure } from '../errors/failures.ts';
import { tenantDataset } from '../fake/tenant-dataset.ts';
import type { MockClock } from '../platform/clock.ts';
import type { Worlds } from '../deps/world.ts';
import type { ScenarioEngine } from '../scenarios/scenario-engine.ts';
import type { Store } from '../store/store-types.ts';
import type { WalletFlow } from '../wallets/wallet-flow.ts';
import type { Webhooks, WebhookEndpointInput } from '../webhooks/webhook-types.ts';
import { setDeclaredWallets } from './declared-wallets.ts';

/** What a world is made of. */
export interface WorldParts {
  clock: MockClock;
  /** The world as it stands once made (worlds.ts). */
  worlds: Worlds;
  scenarios: ScenarioEngine;
  wallets: Pick<WalletFlow, 'put' | 'get'>;
  webhooks: Pick<Webhooks, 'setEndpoint'>;
  store: Pick<Store, 'putMany'>;
}

/** What a client's world should have; what is not named is left as it is. */
export interface WantedWorld {
  clientId: string;
  /** A clock of its own (a tenant's), frozen at `frozenAt` when given. */
  ownClock?: { frozenAt?: Date };
  /** The scenario active for the client; its declared wallets are set (a refused scenario name changes nothing). */
  scenario?: string;
  /**
   * Declared wallets the store already holds are kept as they are (a restart from the configuration keeps what the
   * payers did); otherwise each is set to its declared state, as re-activating a scenario starts its payers afresh.
   */
  keepExistingWallets?: boolean;
  endpoint?: WebhookEndpointInput;
  /** The seed of a seeded dataset for the client, drawn on its own clock. */
  seedDataset?: number;
}

/** Everything written (records), for the one durable change the caller applies; `failure` names what was refused. */
export function activateWorld(parts: WorldParts, wanted: WantedWorld): Outcome<{ records: number }> {
  const scenario = wanted.scenario === undefined ? undefined : parts.scenarios.library.get(wanted.scenario);
  if (wanted.scenario !== undefined && !scenario) return failure('unknown_scenario', { name: wanted.scenario });
  const { clientId } = wanted;
  if (wanted.ownClock) parts.clock.own(clientId, wanted.ownClock.frozenAt);
  if (scenario) parts.scenarios.activate(scenario.name, clientId);
  const world = parts.worlds.of(clientId);
  if (wanted.endpoint) parts.webhooks.setEndpoint(clientId, wanted.endpoint);
  const dataset = wanted.seedDataset === undefined ? [] : tenantDataset(wanted.seedDataset, clientId, world.clock.nowMs());
  if (dataset.length > 0) parts.store.putMany(dataset);
  const written: RecordWrite[] = [...dataset];
  if (scenario) {
    // The wallets' times are the client's own clock's: set after the clock.
    const wallets = setDeclaredWallets(parts.wallets, scenario, world, wanted.keepExistingWallets === true);
    if (!wallets.ok) return wallets;
    written.push(...wallets.written);
  }
  return done({ records: dataset.length }, written);
}
