/**
 * The zeros a file store reserves past its journal's lines: a batch is written over them, so its fdatasync does not
 * also commit a new file size. What a user can see on disk: the file's size, its lines, and a restart that
 * replays exactly those lines, whatever lies past the first zero.
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { JOURNAL_RESERVE_BYTES } from '../../src/store/write-ahead-log.ts';
import { fileStores, product } from '../support/store-helpers.ts';
import { journalBytes, journalText, writeAtJournalEnd } from '../support/journal-file.ts';

const { paths, openAt } = fileStores();
const fileSize = async (path: string) => (await stat(path)).size;

describe('the journal reserve', () => {
  it('the first append reserves zeros past its line; the next ones are written over them and the file keeps its size', async () => {
    const store = await openAt();
    store.put('products', product('p1', 'alice', 'A-1'));
    await store.commit();
    const first = await journalBytes(paths.journal);
    expect(first).toBeGreaterThan(0);
    expect(await fileSize(paths.journal)).toBe(first + JOURNAL_RESERVE_BYTES);
    const bytes = await readFile(paths.journal);
    expect(bytes.subarray(first).every((byte) => byte === 0)).toBe(true);

    store.put('products', product('p2', 'alice', 'A-2'));
    await store.commit();
    expect(await journalBytes(paths.journal)).toBeGreaterThan(first);
    expect(await fileSize(paths.journal)).toBe(first + JOURNAL_RESERVE_BYTES);
    expect((await journalText(paths.journal)).trim().split('\n')).toHaveLength(2);
  });

  it('a restart replays the lines, not the reserve, and cuts the reserve off before writing again', async () => {
    const first = await openAt();
    first.put('products', product('p1', 'alice', 'A-1'));
    await first.commit();
    const lines = await journalBytes(paths.journal);

    const second = await openAt(); // the first is not closed: a kill
    expect(second.count('products')).toBe(1);
    expect(await fileSize(paths.journal)).toBe(lines);
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
    await writeAtJournalEnd(paths.journal, `${'\0'.repeat(16)}${stray}\n`);

    const second = await openAt();
    expect(second.get('products', 'p9')).toBeUndefined();
    expect(await readFile(paths.journal, 'utf8')).not.toContain('p9');
    second.put('products', product('p2', 'alice', 'A-2'));
    await second.commit();
    const third = await openAt();
    expect(third.get('products', 'p9')).toBeUndefined();
    expect(third.count('products')).toBe(2);
  });

  it('a journal without a reserve (written before it existed) is read as it always was', async () => {
    await writeFile(paths.journal, `${JSON.stringify({ op: 'put', c: 'products', r: product('p1', 'alice', 'A-1') })}\n`);
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
      expect(await fileSize(paths.journal)).toBeLessThanOrEqual((await journalBytes(paths.journal)) + 2_000);
    }
    await store.checkpoint();
    expect(await fileSize(paths.journal)).toBe(0);
    expect((await openAt()).count('products')).toBe(30);
  });
});
