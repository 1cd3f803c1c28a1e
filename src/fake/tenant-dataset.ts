/**
 * A tenant's seeded data: the dataset drawn for its client, from a seed mixed with its client id (two tenants with
 * the same seed get distinct ids, which are global in the store), its history ending at the tenant's own "now".
 */
import type { RecordWrite } from '../domain/records.ts';
import { buildDataset } from './dataset.ts';
import { rebaseDataset } from './rebase.ts';
import { REFERENCE_DATE } from './time.ts';

export function tenantDataset(seed: number, clientId: string, nowMs: number): RecordWrite[] {
  const anchorMs = Math.floor(nowMs / 1000) * 1000;
  return rebaseDataset(buildDataset(mixedSeed(seed, clientId), clientId), anchorMs - REFERENCE_DATE.getTime());
}

/** FNV-1a over `seed:clientId`, as an unsigned 32-bit seed. */
function mixedSeed(seed: number, clientId: string): number {
  let hash = 0x811c9dc5;
  for (const char of `${seed}:${clientId}`) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
