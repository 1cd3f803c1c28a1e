/**
 * The real answers as seed data: every record an answer carried (by its id's prefix: `prod_`, `cus_`, `plan_`,
 * `sub_`, `ord_`, `pay_`), the latest answer's copy of each, secrets redacted. Written as a whole state for
 * `PUT /__admin/state`: a mock's own export (its clock, clients, scenarios, bookkeeping) with its collections
 * replaced by the recorded records, owned by that mock's first active client.
 */
import { redactSecrets } from '../http/redact.ts';

const COLLECTION_OF_PREFIX: ReadonlyArray<readonly [string, string]> = [
  ['prod_', 'products'],
  ['cus_', 'customers'],
  ['plan_', 'plans'],
  ['sub_', 'subscriptions'],
  ['ord_', 'orders'],
  ['pay_', 'payments'],
];

export interface SeedRecording {
  saw(body: unknown): void;
  /** How many records of each collection were seen. */
  counts(): Record<string, number>;
  /** `exported`: a mock's `GET /__admin/state` data; the records become `clientId`'s. */
  asState(exported: Record<string, unknown>, clientId: string): Record<string, unknown>;
}

export function createSeedRecording(): SeedRecording {
  const records = new Map<string, Map<string, Record<string, unknown>>>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (typeof value !== 'object' || value === null) return;
    const record = value as Record<string, unknown>;
    const id = record['id'];
    const collection = typeof id === 'string' ? COLLECTION_OF_PREFIX.find(([prefix]) => id.startsWith(prefix))?.[1] : undefined;
    if (collection && typeof record['createdAt'] === 'string') {
      if (!records.has(collection)) records.set(collection, new Map());
      records.get(collection)?.set(id as string, redactSecrets(record));
    }
    Object.values(record).forEach(visit);
  };
  return {
    saw: (body) => visit((body as { data?: unknown } | null)?.data),
    counts: () => Object.fromEntries([...records].map(([collection, byId]) => [collection, byId.size])),
    asState(exported, clientId) {
      const store = exported['store'] as { meta: Record<string, unknown>; collections: Record<string, unknown> };
      const collections = Object.fromEntries(
        ['tokens', ...COLLECTION_OF_PREFIX.map(([, collection]) => collection)].map((collection) => [
          collection,
          Object.fromEntries([...(records.get(collection) ?? new Map<string, Record<string, unknown>>())].map(([id, record]) => [id, { ...record, clientId }])),
        ]),
      );
      // The tokens are not recorded: each client's token bookkeeping starts empty.
      const meta = Object.fromEntries(Object.entries(store.meta).filter(([key]) => !key.startsWith('tokens:')));
      return { ...exported, store: { ...store, meta, collections } };
    },
  };
}
