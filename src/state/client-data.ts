/** One client's share of the store: its records in every collection and its bookkeeping (the token ledger). */
import { COLLECTIONS } from '../domain/records.ts';
import type { StoreData } from '../store/store-types.ts';
import { isTokenLedgerKey } from '../tokens/ledger.ts';

/** The store's data without one client's share, and how many records went. */
export function withoutClient(data: StoreData, clientId: string): { data: StoreData; removed: number } {
  let removed = 0;
  const collections = {} as StoreData['collections'];
  for (const name of COLLECTIONS) {
    const kept = Object.entries(data.collections[name] ?? {}).filter(([, record]) => record.clientId !== clientId);
    removed += Object.keys(data.collections[name] ?? {}).length - kept.length;
    collections[name] = Object.fromEntries(kept);
  }
  const meta = Object.fromEntries(Object.entries(data.meta).filter(([key]) => !isTokenLedgerKey(key, clientId)));
  return { data: { version: 1, meta, collections }, removed };
}
