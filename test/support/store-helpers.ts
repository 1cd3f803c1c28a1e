/** Shared helpers for the store tests: temp directories, file stores and record factories. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { openStore, type Store, type StoredRecord } from '../../src/store/index.ts';

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

/**
 * The file stores of a test file: each test gets a fresh temp directory with the data file `name` in it, and
 * every store it opened ("killed" ones too, never closed by the test) is closed after it, one at a time (they
 * share the snapshot's temp file), before the directory is removed.
 */
export function fileStores(name = 'store.json') {
  let dir: TempDir | undefined;
  const opened: Store[] = [];
  const paths = { file: '', journal: '' };
  beforeEach(async () => {
    dir = await makeTempDir();
    paths.file = dir.file(name);
    paths.journal = `${paths.file}.journal`;
  });
  afterEach(async () => {
    for (const store of opened.splice(0)) await store.close().catch(() => undefined);
    await dir?.remove();
  });
  return {
    paths,
    /** The test's temp directory. */
    dir: (): TempDir => {
      if (!dir) throw new Error('fileStores: no test is running');
      return dir;
    },
    async openAt(options: Omit<Parameters<typeof openStore>[0], 'file'> = {}): Promise<Store> {
      const store = await openStore({ file: paths.file, ...options });
      opened.push(store);
      return store;
    },
  };
}
