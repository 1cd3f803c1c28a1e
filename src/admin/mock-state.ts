/**
 * The whole state of a running mock as one JSON value (records, clock, clients, scenario activations, webhook
 * endpoints and deliveries): exported and imported by the admin API and kept as named snapshots. A reset takes
 * everything back to how the mock started, or drops one client's records.
 */
import type { ClientInput } from '../clients/client-registry.ts';
import type { ClockState } from '../platform/clock.ts';
import { COLLECTIONS } from '../domain/records.ts';
import type { AppDeps } from '../platform/deps.ts';
import { seedInitialData } from '../fake/seed-initial-data.ts';
import type { RateLimiter } from '../http/rate-windows.ts';
import type { RequestJournal } from './request-journal.ts';
import type { ScenarioEngine, ScenarioEngineState } from '../scenarios/scenario-engine.ts';
import type { StoreData } from '../store/store-types.ts';
import { tokenLedgerKey } from '../tokens/ledger.ts';
import { PARTS_META_PREFIX } from './durable-parts.ts';

export interface ExportedState {
  version: 1;
  exportedAt: string;
  clock: ClockState;
  /** Each with its secret's hash, and the secret itself when this process knows it (see client-registry.ts). */
  clients: ClientInput[];
  scenarios: ScenarioEngineState;
  store: StoreData;
  webhooks?: unknown;
}

/** Parts of the app with state of their own beyond the store (webhooks plug in here). */
export interface StatefulPart {
  reset(): void;
  state(): unknown;
  restore(state: unknown): void;
  /** Read again what it keeps in the store, after the store was replaced. */
  reload(): void;
}

export interface MockState {
  export(): ExportedState;
  /** Replaces everything; returns the records loaded and the scenario activations this mock could not restore. */
  import(state: ExportedState): Promise<{ records: number; skippedScenarios: string[] }>;
  resetAll(): Promise<void>;
  /** Drops one client's records (tokens included); returns how many. */
  resetClient(clientId: string): Promise<number>;
}

export function createMockState(
  deps: AppDeps,
  parts: { scenarios: ScenarioEngine; limiter: RateLimiter; journal: RequestJournal; webhooks?: StatefulPart },
): MockState {
  const { store, clock, clients } = deps;
  return {
    export() {
      // The store's records are frozen and shared: a JSON round trip gives a value no later write can change.
      const value: ExportedState = {
        version: 1,
        exportedAt: clock.now().toISOString(),
        clock: clock.state(),
        clients: clients.list().map((client) => ({ ...client })),
        scenarios: parts.scenarios.state(),
        store: withoutPartsMeta(store.dump()),
        ...(parts.webhooks ? { webhooks: parts.webhooks.state() } : {}),
      };
      return JSON.parse(JSON.stringify(value)) as ExportedState;
    },
    async import(state) {
      store.replace(state.store);
      await store.commit();
      // Set while frozen, so a frozen state reads its exact instant (not one a few real milliseconds on).
      clock.freeze(true);
      clock.set(new Date(state.clock.now));
      clock.freeze(state.clock.frozen);
      clients.replace(state.clients);
      const skippedScenarios = parts.scenarios.restore(state.scenarios);
      if (parts.webhooks && state.webhooks !== undefined) parts.webhooks.restore(state.webhooks);
      else parts.webhooks?.reload();
      parts.limiter.reset();
      return { records: COLLECTIONS.reduce((sum, name) => sum + store.count(name), 0), skippedScenarios };
    },
    async resetAll() {
      store.clear();
      seedInitialData(deps);
      await store.commit();
      clock.reset();
      clients.reset();
      parts.scenarios.reset();
      parts.limiter.reset();
      parts.journal.clear();
      parts.webhooks?.reset();
    },
    async resetClient(clientId) {
      const data = store.dump();
      let removed = 0;
      const collections = {} as StoreData['collections'];
      for (const name of COLLECTIONS) {
        const kept = Object.entries(data.collections[name] ?? {}).filter(([, record]) => record.clientId !== clientId);
        removed += Object.keys(data.collections[name] ?? {}).length - kept.length;
        collections[name] = Object.fromEntries(kept);
      }
      const meta = Object.fromEntries(Object.entries(data.meta).filter(([key]) => key !== tokenLedgerKey(clientId)));
      store.replace({ version: 1, meta, collections });
      parts.webhooks?.reload();
      await store.commit();
      return removed;
    },
  };
}

/** The parts saved in the store's meta (see durable-parts.ts) travel in their own fields of an export. */
function withoutPartsMeta(data: StoreData): StoreData {
  return { ...data, meta: Object.fromEntries(Object.entries(data.meta).filter(([key]) => !key.startsWith(PARTS_META_PREFIX))) };
}
