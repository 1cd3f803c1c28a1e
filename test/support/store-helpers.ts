/** Shared helpers for the store tests: temp directories and record factories. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StoredRecord } from '../../src/store/index.ts';

export interface TempDir {
  path: string;
  file: (name: string) => string;
  remove: () => Promise<void>;
}

export async function makeTempDir(): Promise<TempDir> {
  const path = await mkdtemp(join(tmpdir(), 'commerce-mock-store-'));
  return {
    path,
    file: (name) => join(path, name),
    remove: () => rm(path, { recursive: true, force: true }),
  };
}

export function product(id: string, clientId: string, originProductId: string, extra: object = {}): StoredRecord {
  return { id, clientId, originProductId, name: `product ${id}`, createdAt: '2026-03-02T10:00:00.000Z', ...extra };
}
