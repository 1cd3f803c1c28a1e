/**
 * The mock's state beyond the records — clients, webhook endpoints, scenario activations with their counters,
 * the clock's setting — kept in the store's meta values like any other write, so a restart (graceful or kill -9)
 * finds them as they were. Each is saved with the configuration it started from: when that configuration has
 * changed since (a client or scenario edited in the config file), the configuration wins and the saved value is
 * dropped. Saving compares with what is stored and writes only a change.
 */
import type { ClientEntry } from '../clients/client-registry.ts';
import type { ClockSetting } from '../platform/clock.ts';
import type { AppDeps } from '../platform/deps.ts';
import type { ScenarioEngine, ScenarioEngineState } from '../scenarios/scenario-engine.ts';
import type { Store } from '../store/store-types.ts';
import type { WebhookEndpoint, Webhooks } from '../webhooks/webhook-types.ts';

/** The meta keys of the parts start with this. */
export const PARTS_META_PREFIX = 'mock.';

export interface DurablePart {
  key: string;
  /** What the configuration sets for this part (compared as JSON). */
  configured: unknown;
  save(): unknown;
  load(value: unknown): void;
}

interface Saved {
  configured: unknown;
  value: unknown;
}

export interface DurableParts {
  /** Loads every part the store remembers under the same configuration. */
  restore(): void;
  /**
   * Writes the parts that changed since they were stored; true when something was written (commit it). By default
   * compared with what this process last wrote (cheap, for every request); `againstStore` reads the store's own
   * values, for changes that replace the store (import, reset).
   */
  persist(againstStore?: boolean): boolean;
}

export function durableParts(store: Store, parts: readonly DurablePart[]): DurableParts {
  const json = (value: unknown) => JSON.stringify(value) ?? 'null';
  const written = new Map<string, string>();
  return {
    restore() {
      for (const part of parts) {
        const saved = store.getMeta(part.key) as Saved | undefined;
        if (saved && json(saved.configured) === json(part.configured)) part.load(saved.value);
      }
    },
    persist(againstStore = false) {
      let changed = false;
      for (const part of parts) {
        const entry = json({ configured: part.configured, value: part.save() } satisfies Saved);
        const stored = againstStore ? json(store.getMeta(part.key)) : written.get(part.key);
        if (stored === entry) continue;
        store.setMeta(part.key, JSON.parse(entry));
        written.set(part.key, entry);
        changed = true;
      }
      return changed;
    },
  };
}

/** The parts of a running mock: its clients, webhook endpoints, scenarios and clock. */
export function mockParts(deps: AppDeps, scenarios: ScenarioEngine, webhooks: Webhooks): DurablePart[] {
  const { config, clients, clock } = deps;
  return [
    {
      key: 'mock.clients',
      configured: config.clients.map(({ clientId, clientSecret, active, name }) => ({ clientId, clientSecret, active, name })),
      save: () => clients.list(),
      load: (value) => clients.replace(value as ClientEntry[]),
    },
    {
      key: 'mock.webhookEndpoints',
      configured: webhooks.configuredEndpoints(),
      save: () => webhooks.endpoints(),
      load: (value) => webhooks.setEndpoints(value as Record<string, WebhookEndpoint>),
    },
    {
      key: 'mock.scenarios',
      configured: { global: config.scenario ?? null, clients: config.clients.map((client) => client.scenario ?? null) },
      save: () => scenarios.state(),
      load: (value) => void scenarios.restore(value as ScenarioEngineState),
    },
    { key: 'mock.clock', configured: null, save: () => clock.setting(), load: (value) => clock.apply(value as ClockSetting) },
  ];
}
