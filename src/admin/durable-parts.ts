/**
 * The mock's state beyond the records — clients, webhook endpoints, scenario activations with their counters,
 * the clock's setting — kept in the store's meta values like any other write, so a restart (graceful or kill -9)
 * finds them as they were. Each is saved with the configuration it started from: when that configuration has
 * changed since (a client or scenario edited in the config file), the configuration wins and the saved value is
 * dropped. Saving compares with what is stored and writes only a change. Client secrets are written as their
 * hashes only (clients/secret-hash.ts), the configured ones included: nothing secret reaches the data file or its
 * journal.
 */
import type { ClientInput } from '../clients/client-registry.ts';
import { hashSecret, secretMatches } from '../clients/secret-hash.ts';
import type { ClockSetting } from '../platform/clock.ts';
import type { Config } from '../platform/config.ts';
import type { AppDeps } from '../platform/deps.ts';
import type { ScenarioEngine, ScenarioEngineState } from '../scenarios/scenario-engine.ts';
import type { Store } from '../store/store-types.ts';
import type { WebhookEndpoint, Webhooks } from '../webhooks/webhook-types.ts';

/** The meta keys of the parts start with this. */
export const PARTS_META_PREFIX = 'mock.';

export interface DurablePart {
  key: string;
  /** What the configuration sets for this part (compared as JSON, unless `sameConfiguration` says). */
  configured: unknown;
  /** Whether a saved part was saved under this configuration (for a configuration written down as hashes). */
  sameConfiguration?(saved: unknown): boolean;
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

const json = (value: unknown) => JSON.stringify(value) ?? 'null';

export function durableParts(store: Store, parts: readonly DurablePart[]): DurableParts {
  const written = new Map<string, string>();
  return {
    restore() {
      for (const part of parts) {
        const saved = store.getMeta(part.key) as Saved | undefined;
        const same = part.sameConfiguration ?? ((configured: unknown) => json(configured) === json(part.configured));
        if (saved && same(saved.configured)) part.load(saved.value);
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
  const configuredClients = config.clients.map(({ clientId, clientSecret, active, name }) => ({ clientId, secretHash: hashSecret(clientSecret), active, name }));
  return [
    {
      key: 'mock.clients',
      configured: configuredClients,
      sameConfiguration: (saved) => sameConfiguredClients(config.clients, saved),
      save: () => clients.list().map(({ clientSecret: _secret, ...kept }) => kept),
      load: (value) => clients.replace(value as ClientInput[]),
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

/** Saved under these configured clients: the same ids, flags and names, and hashes of the same secrets. */
function sameConfiguredClients(configured: Config['clients'], saved: unknown): boolean {
  if (!Array.isArray(saved) || saved.length !== configured.length) return false;
  return configured.every(({ clientId, clientSecret, active, name }, index) => {
    const other = saved[index] as { clientId?: unknown; secretHash?: unknown; clientSecret?: unknown; active?: unknown; name?: unknown };
    const same = json({ clientId, active, name }) === json({ clientId: other.clientId, active: other.active, name: other.name });
    // A data file written before secrets were hashed holds the configured secret itself.
    return same && (typeof other.secretHash === 'string' ? secretMatches(clientSecret, other.secretHash) : other.clientSecret === clientSecret);
  });
}
