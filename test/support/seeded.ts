/** Shared helpers of the seeding tests: seed a fresh in-memory store and read everything back. */
import { defaultConfig, type Config, type ConfigInput } from '../../src/platform/config.ts';
import { seedInitialData } from '../../src/fake/seed-initial-data.ts';
import { openStore } from '../../src/store/index.ts';
import { COLLECTIONS, type CollectionName, type Store, type StoredRecord } from '../../src/store/store-types.ts';

export const DEFAULT_CLIENT = 'mock-client';

export interface Seeded {
  store: Store;
  config: Config;
}

export function configWith(overrides: ConfigInput = {}): Config {
  return defaultConfig({ logLevel: 'silent', ...overrides });
}

export async function seedFresh(overrides: ConfigInput = {}): Promise<Seeded> {
  const config = configWith(overrides);
  const store = await openStore({});
  seedInitialData({ config, store });
  return { store, config };
}

export type Snapshot = Record<CollectionName, StoredRecord[]>;

/** Every collection of one client, sorted by id (store lists are unordered). */
export function snapshot(store: Store, clientId = DEFAULT_CLIENT): Snapshot {
  const entries = COLLECTIONS.map((collection) => {
    const records = [...store.list(collection, clientId)].sort((a, b) => a.id.localeCompare(b.id));
    return [collection, records];
  });
  return Object.fromEntries(entries) as Snapshot;
}

export function totalRecords(store: Store): number {
  return COLLECTIONS.reduce((sum, collection) => sum + store.count(collection), 0);
}
