/**
 * The zeros a file store reserves past its journal's lines: a batch is written over them, so its fdatasync does not
 * also commit a new file size. What a user can see on disk: the file's size, its lines, and a restart that
 * replays exactly those lines, whatever lies past the first zero.
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/store/index.ts';
import { JOURNAL_RESERVE_BYTES } from '../../src/store/write-ahead-log.ts';
import { makeTempDir, product, type TempDir } from '../support/store-helpers.ts';
import { journalBytes, journalText, writeAtJournalEnd } from '../support/journal-file.ts';

let dir: TempDir;
let file: string;
let journal: string;
const open: Store[] = [];

async function openAt(options: Parameters<typeof openStore>[0] = {}): Promise<Store> {
  const store = await openStore({ file, ...options });
  open.push(store);
  return store;
}

const fileSize = async (path: string) => (await stat(path)).size;

beforeEach(async () => {
  dir = await makeTempDir();
  file = dir.file('store.json');
  journal = `${file}.journal`;
});

afterEach(async () => {
  for (const store of open.splice(0)) await store.close().catch(() => undefined);
  await dir.remove();
});

describe('the journal reserve', () => {
  it('the first append reserves zeros past its line; the next ones are written over them and the file keeps its size', async () => {
    const store = await openAt();
    store.put('products', product('p1', 'alice', 'A-1'));
    await store.commit();
    const first = await journalBytes(journal);
    expect(first).toBeGreaterThan(0);
    expect(await fileSize(journal)).toBe(first + JOURNAL_RESERVE_BYTES);
    const bytes = await readFile(journal);
    expect(bytes.subarray(first).every((byte) => byte === 0)).toBe(true);

    store.put('products', product('p2', 'alice', 'A-2'));
    await store.commit();
    expect(await journalBytes(journal)).toBeGreaterThan(first);
    expect(await fileSize(journal)).toBe(first + JOURNAL_RESERVE_BYTES);
    expect((await journalText(journal)).trim().split('\n')).toHaveLength(2);
  });

  it('a restart replays the lines, not the reserve, and cuts the reserve off before writing again', async () => {
    const first = await openAt();
    first.put('products', product('p1', 'alice', 'A-1'));
    await first.commit();
    const lines = await journalBytes(journal);

    const second = await openAt(); // the first is not closed: a kill
    expect(second.count('products')).toBe(1);
    expect(await fileSize(journal)).toBe(lines);
    second.put('products', product('p2', 'alice', 'A-2'));
    await second.commit();
    expect((await openAt()).count('products')).toBe(2);
  });

  it('a line a torn append left past a zero is never replayed, even a whole one', async () => {
    const first = await openAt();
    first.put('products', product('p1', 'alice', 'A-1'));
    await first.commit();
    // A torn write can reach the disk out of order: its later page written, an earlier one still zeros.
    const stray = JSON.stringify({ op: 'put', c: 'products', r: product('p9', 'alice', 'A-9') });
    await writeAtJournalEnd(journal, `${'\0'.repeat(16)}${stray}\n`);

    const second = await openAt();
    expect(second.get('products', 'p9')).toBeUndefined();
    expect(await readFile(journal, 'utf8')).not.toContain('p9');
    second.put('products', product('p2', 'alice', 'A-2'));
    await second.commit();
    const third = await openAt();
    expect(third.get('products', 'p9')).toBeUndefined();
    expect(third.count('products')).toBe(2);
  });

  it('a journal without a reserve (written before it existed) is read as it always was', async () => {
    await writeFile(journal, `${JSON.stringify({ op: 'put', c: 'products', r: product('p1', 'alice', 'A-1') })}\n`);
    const store = await openAt();
    expect(store.count('products')).toBe(1);
    store.put('products', product('p2', 'alice', 'A-2'));
    await store.commit();
    expect((await openAt()).count('products')).toBe(2);
  });

  it('is never larger than the checkpoint size, and a checkpoint leaves an empty file', async () => {
    const store = await openAt({ checkpointBytes: 2_000 });
    for (let i = 0; i < 30; i += 1) {
      store.put('products', product(`p${i}`, 'alice', `K${i}`));
      await store.commit();
      expect(await fileSize(journal)).toBeLessThanOrEqual((await journalBytes(journal)) + 2_000);
    }
    await store.checkpoint();
    expect(await fileSize(journal)).toBe(0);
    expect((await openAt()).count('products')).toBe(30);
  });
});
