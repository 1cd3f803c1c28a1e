/**
 * Fills an empty store with the generated dataset of the default client (the first active one), once:
 * a store that holds any record, or remembers a dataset, is left alone, so a restart never duplicates data.
 */
import type { Config } from '../config.ts';
import { COLLECTIONS } from '../core/records.ts';
import type { Store } from '../store/types.ts';
import { buildDataset } from './dataset.ts';
import { REFERENCE_DATE } from './time.ts';

export const DATASET_META_KEY = 'dataset';

export interface DatasetMeta {
  seed: number;
  /** The reference instant the dataset describes; fixed, so one seed always records the same meta. */
  generatedAt: string;
}

export function seedInitialData(deps: { config: Config; store: Store }): void {
  const { config, store } = deps;
  if (config.seedData === 'none' || !isPristine(store)) return;
  const owner = config.clients.find((client) => client.active);
  if (!owner) return;
  store.putMany(buildDataset(config.seed, owner.clientId));
  const meta: DatasetMeta = { seed: config.seed, generatedAt: REFERENCE_DATE.toISOString() };
  store.setMeta(DATASET_META_KEY, meta);
}

function isPristine(store: Store): boolean {
  return store.getMeta(DATASET_META_KEY) === undefined && COLLECTIONS.every((collection) => store.count(collection) === 0);
}
