/**
 * Fills an empty store with the generated dataset of the default client (the first active one), once:
 * a store that holds any record, or remembers a dataset, is left alone, so a restart never duplicates data.
 * The dataset is drawn at a fixed reference instant, then moved so that its history ends at the mock clock's
 * "now" (whole seconds): the first tick bills nothing, and one seed always gives the same ids and records, their
 * timestamps the same distance from the start.
 */
import type { Config } from '../platform/config.ts';
import { COLLECTIONS, type RecordWrite } from '../domain/records.ts';
import type { Store } from '../store/store-types.ts';
import type { Clock } from '../platform/clock.ts';
import { buildDataset } from './dataset.ts';
import { rebaseDataset } from './rebase.ts';
import { REFERENCE_DATE } from './time.ts';

export const DATASET_META_KEY = 'dataset';

export interface DatasetMeta {
  seed: number;
  /** The instant the dataset's history ends at: the mock's start (the fixed reference without a clock). */
  generatedAt: string;
}

/** Returns the records it wrote (none when the store was left alone), to be made durable as a change. */
export function seedInitialData(deps: { config: Config; store: Store; clock?: Pick<Clock, 'nowMs'> }): readonly RecordWrite[] {
  const { config, store } = deps;
  if (config.seedData === 'none' || !isPristine(store)) return [];
  const owner = config.clients.find((client) => client.active);
  if (!owner) return [];
  const anchorMs = deps.clock ? Math.floor(deps.clock.nowMs() / 1000) * 1000 : REFERENCE_DATE.getTime();
  const written = rebaseDataset(buildDataset(config.seed, owner.clientId), anchorMs - REFERENCE_DATE.getTime());
  store.putMany(written);
  const meta: DatasetMeta = { seed: config.seed, generatedAt: new Date(anchorMs).toISOString() };
  store.setMeta(DATASET_META_KEY, meta);
  return written;
}

function isPristine(store: Store): boolean {
  return store.getMeta(DATASET_META_KEY) === undefined && COLLECTIONS.every((collection) => store.count(collection) === 0);
}
