/**
 * The whole state of a running mock, as parts behind one interface (`StatePart`; the list is mock-parts.ts): the
 * records, the clock, the clients, the scenario activations, the webhooks, the rate windows, the request journal,
 * the snapshots. Export, import, reset (all, or one client), and restart go through here and only here, each part
 * saying what it does on each; what changed is made durable in one `applyChange`.
 *
 * Durable parts are kept in the store's meta values like any other write, so a restart (graceful or kill -9) finds
 * them as they were. Each is saved with the configuration it started from: when that configuration has changed
 * since (a client or scenario edited in the config file), the configuration wins and the saved value is dropped.
 * Saving compares with what is stored and writes only a change.
 */
import type { ClientInput } from '../clients/client-registry.ts';
import type { ApplyChange } from '../store/apply-change.ts';
import type { ClockState } from '../platform/clock.ts';
import { COLLECTIONS } from '../domain/records.ts';
import type { ScenarioEngineState } from '../scenarios/scenario-engine.ts';
import type { Store, StoreData } from '../store/store-types.ts';

/** The meta keys of the durable parts start with this. */
export const PARTS_META_PREFIX = 'mock.';

export interface ExportedState {
  version: 1;
  exportedAt: string;
  clock: ClockState;
  /** Each with its secret's hash, and the secret itself when this process knows it (see client-registry.ts). */
  clients: ClientInput[];
  scenarios: ScenarioEngineState;
  store: StoreData;
  webhooks?: unknown;
  /** The clocks of the clients that have one of their own, by client id. */
  clientClocks?: Record<string, ClockState>;
}

/** A piece of the mock's state and what each whole-state operation does to it; an absent member: nothing. */
export interface StatePart {
  /** What it is (`clock`, `rate windows`), for a reader. */
  name: string;
  /** Carried by an export in `field`; an import loads it back and reports what it could not take (scenario names). */
  exported?: { field: keyof ExportedState; save(): unknown; load(value: unknown): readonly string[] | void };
  /** Kept in the store's meta under `key`, with what the configuration sets for it (compared as JSON). */
  /**
   * `configured`: what the configuration sets for this part, compared as JSON unless `sameConfiguration` says
   * (for a configuration written down as hashes: client secrets).
   */
  durable?: { key: string; configured: unknown; sameConfiguration?(saved: unknown): boolean; save(): unknown; load(value: unknown): void };
  /** Back to how the mock started (a reset). */
  reset?(): void;
  /** After an import: what depended on the state before starts afresh. */
  imported?(): void;
  /** Drops what it holds of one client (that client's reset); returns how many records went. */
  resetClient?(clientId: string): number | void;
  /** Drops the client itself and all it owns (a tenant deleted); returns how many records went. */
  removeClient?(clientId: string): number | void;
  /** Reads again what it keeps in the store's records (after a restart, or a client's reset replaced them). */
  reload?(): void;
}

export interface MockState {
  export(): ExportedState;
  /** Replaces everything; returns the records loaded and the scenario activations this mock could not restore. */
  import(state: ExportedState): Promise<{ records: number; skippedScenarios: string[] }>;
  resetAll(): Promise<void>;
  /** Drops one client's records (tokens included); returns how many. */
  resetClient(clientId: string): Promise<number>;
  /** Removes the client and everything it owns, as one durable change; returns how many records went. */
  removeClient(clientId: string): Promise<number>;
  /** At start: loads every durable part the store remembers under the same configuration. */
  restore(): void;
  /**
   * Writes the durable parts that changed since they were stored and returns their keys (to apply as a change). By
   * default compared with what this process last wrote (cheap, for every request); `againstStore` reads the
   * store's own values, for changes that replace the store (import, reset).
   */
  persist(againstStore?: boolean): string[];
}

interface Saved {
  configured: unknown;
  value: unknown;
}

export function createMockState(store: Store, parts: readonly StatePart[], applyChange: ApplyChange, now: () => Date): MockState {
  const json = (value: unknown) => JSON.stringify(value) ?? 'null';
  const written = new Map<string, string>();
  const persist = (againstStore = false): string[] =>
    parts.flatMap(({ durable }) => {
      if (!durable) return [];
      const entry = json({ configured: durable.configured, value: durable.save() } satisfies Saved);
      const stored = againstStore ? json(store.getMeta(durable.key)) : written.get(durable.key);
      if (stored === entry) return [];
      store.setMeta(durable.key, JSON.parse(entry));
      written.set(durable.key, entry);
      return [durable.key];
    });
  /** The whole-state operations rewrite the store: made durable with the parts, in one change. */
  const settle = (what: string) => applyChange({ written: [what, ...persist(true)] });
  const reloadAll = () => parts.forEach((part) => part.reload?.());
  return {
    export() {
      const fields = Object.fromEntries(parts.flatMap(({ exported }) => (exported ? [[exported.field, exported.save()]] : [])));
      // The store's records are frozen and shared: a JSON round trip gives a value no later write can change.
      return JSON.parse(JSON.stringify({ version: 1, exportedAt: now().toISOString(), ...fields })) as ExportedState;
    },
    async import(state) {
      const skippedScenarios = parts.flatMap(({ exported }) => (exported ? (exported.load(state[exported.field]) ?? []) : []));
      parts.forEach((part) => part.imported?.());
      await settle('import');
      return { records: COLLECTIONS.reduce((sum, name) => sum + store.count(name), 0), skippedScenarios };
    },
    async resetAll() {
      parts.forEach((part) => part.reset?.());
      await settle('reset');
    },
    async resetClient(clientId) {
      const removed = parts.reduce((sum, part) => sum + (part.resetClient?.(clientId) ?? 0), 0);
      reloadAll();
      await settle(`reset ${clientId}`);
      return removed;
    },
    async removeClient(clientId) {
      const removed = parts.reduce((sum, part) => sum + (part.removeClient?.(clientId) ?? 0), 0);
      reloadAll();
      await settle(`remove ${clientId}`);
      return removed;
    },
    restore() {
      for (const { durable } of parts) {
        const saved = durable && (store.getMeta(durable.key) as Saved | undefined);
        const same = durable?.sameConfiguration ?? ((configured: unknown) => json(configured) === json(durable?.configured));
        if (durable && saved && same(saved.configured)) durable.load(saved.value);
      }
      reloadAll();
    },
    persist,
  };
}
