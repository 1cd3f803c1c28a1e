import { readFile, stat } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JOURNAL_RESERVE_BYTES, JournalWriter } from '../../src/store/write-ahead-log.ts';
import { openStore, type AppendEvent, type CheckpointEvent, type Store } from '../../src/store/index.ts';
import { makeTempDir, product, type TempDir } from '../support/store-helpers.ts';
import { journalBytes, journalText } from '../support/journal-file.ts';

let dir: TempDir;
let file: string;
const open: Store[] = [];

beforeEach(async () => {
  dir = await makeTempDir();
  file = dir.file('store.json');
});

afterEach(async () => {
  for (const store of open.splice(0)) await store.close().catch(() => undefined);
  await dir.remove();
});

async function openAt(options: Parameters<typeof openStore>[0] = {}): Promise<Store> {
  const store = await openStore({ file, ...options });
  open.push(store);
  return store;
}

describe('group commit', () => {
  it('groups 200 concurrent put+commit into a few appends, and all survive', async () => {
    const appends: AppendEvent[] = [];
    const store = await openAt({ onAppend: (event) => appends.push(event) });
    await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        await new Promise((resolve) => setImmediate(resolve)); // spread the writers over a few ticks
        store.put('products', product(`p${i}`, 'alice', `K${i}`));
        await store.commit();
      }),
    );
    expect(appends.length).toBeLessThan(20);
    expect(appends.reduce((sum, event) => sum + event.lines, 0)).toBe(200);

    const reopened = await openAt();
    expect(reopened.count('products')).toBe(200);
  });

  it('keeps writers that loop put+commit grouped too', async () => {
    let appends = 0;
    const store = await openAt({ onAppend: () => (appends += 1) });
    await Promise.all(
      Array.from({ length: 20 }, async (_, writer) => {
        for (let i = 0; i < 10; i += 1) {
          store.put('orders', { id: `o${writer}-${i}`, clientId: 'alice' });
          await store.commit();
        }
      }),
    );
    expect(appends).toBeLessThanOrEqual(25);
    expect((await openAt()).count('orders')).toBe(200);
  });

  it('commit with nothing pending resolves at once; commit waits for an append in flight', async () => {
    const store = await openAt();
    await store.commit();
    store.put('orders', { id: 'o1', clientId: 'a' });
    const first = store.commit();
    const second = store.commit();
    await Promise.all([first, second]);
    expect((await journalText(`${file}.journal`)).trim().split('\n')).toHaveLength(1);
  });
});

describe('checkpoint', () => {
  it('runs past checkpointBytes, truncates the journal and keeps the data', async () => {
    const checkpoints: CheckpointEvent[] = [];
    const store = await openAt({ checkpointBytes: 2_000, onCheckpoint: (event) => checkpoints.push(event) });
    for (let i = 0; i < 50; i += 1) {
      store.put('products', product(`p${i}`, 'alice', `K${i}`));
      await store.commit();
    }
    expect(checkpoints.length).toBeGreaterThan(0);
    expect(checkpoints.every((event) => event.journalBytes >= 2_000)).toBe(true);
    expect(await journalBytes(`${file}.journal`)).toBeLessThan(2_000);

    const reopened = await openAt(); // without closing the first: snapshot + rest of the journal
    expect(reopened.count('products')).toBe(50);
    expect(reopened.findByKey('products', 'originProductId', 'alice', 'K49')?.id).toBe('p49');
  });

  it('covers the writes queued before it starts, without appending them', async () => {
    let appends = 0;
    const store = await openAt({ onAppend: () => (appends += 1) });
    const checkpoint = store.checkpoint();
    store.put('products', product('p1', 'alice', 'K1')); // queued before the checkpoint captures the state
    await Promise.all([checkpoint, store.commit()]);
    expect(appends).toBe(0);
    expect((await stat(`${file}.journal`)).size).toBe(0);
    expect(JSON.parse(await readFile(file, 'utf8')).collections.products).toHaveProperty('p1');
    expect((await openAt()).count('products')).toBe(1);
  });

  it('keeps every write made while checkpoints run', async () => {
    const store = await openAt({ checkpointBytes: 5_000 });
    await Promise.all(
      Array.from({ length: 300 }, async (_, i) => {
        await new Promise((resolve) => setTimeout(resolve, i % 30));
        store.put('products', product(`p${i}`, `client${i % 7}`, `K${i}`));
        if (i % 50 === 0) await store.checkpoint();
        await store.commit();
      }),
    );
    const reopened = await openAt();
    expect(reopened.count('products')).toBe(300);
    expect(reopened.list('products', 'client3')).toHaveLength(43);
  });
});

/** A FileHandle double whose writes can be made to fail. */
function fakeHandle() {
  const fake = {
    written: [] as string[],
    truncatedTo: [] as number[],
    failWrites: false,
    /** The zeros do not fit: the disk has room for the lines only. */
    failReserves: false,
    reserved: [] as Array<[number, number]>,
    write(data: Buffer) {
      if (fake.failWrites) throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
      fake.written.push(data.toString('utf8'));
    },
    reserve(from: number, to: number) {
      if (fake.failWrites || fake.failReserves) throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
      fake.reserved.push([from, to]);
    },
    async datasync() {},
    async truncate(length: number) {
      fake.truncatedTo.push(length);
    },
    async close() {},
  };
  return fake;
}

describe('journal writer failures', () => {
  it('when an append fails: cuts the journal back, undoes every line not yet durable newest first, rejects their commits, never writes them', async () => {
    const handle = fakeHandle();
    const writer = new JournalWriter(handle, 100, {
      checkpointBytes: Number.POSITIVE_INFINITY,
      snapshot: async () => {},
    });
    const undone: string[] = [];
    handle.failWrites = true;
    writer.queue('{"op":"clear"}', () => undone.push('clear'));
    writer.queue('{"op":"setMeta","k":"a","v":1}', () => undone.push('a'));
    const results = await Promise.allSettled([writer.commit(), writer.commit()]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(handle.truncatedTo).toEqual([100]);
    expect(undone).toEqual(['a', 'clear']);

    handle.failWrites = false;
    writer.queue('{"op":"setMeta","k":"b","v":2}', () => undone.push('b'));
    await writer.commit();
    expect(handle.written).toEqual(['{"op":"setMeta","k":"b","v":2}\n']);
    expect(undone).toEqual(['a', 'clear']);
  });

  it('a disk with room for the lines but not for the zeros past them takes the lines, and the next append asks for the zeros again', async () => {
    const handle = fakeHandle();
    const writer = new JournalWriter(handle, 0, { checkpointBytes: Number.POSITIVE_INFINITY, snapshot: async () => {} });
    const undone: string[] = [];
    handle.failReserves = true;
    writer.queue('{"op":"setMeta","k":"a","v":1}', () => undone.push('a'));
    await writer.commit();
    writer.queue('{"op":"setMeta","k":"b","v":2}', () => undone.push('b'));
    await writer.commit();
    expect(handle.written).toEqual(['{"op":"setMeta","k":"a","v":1}\n', '{"op":"setMeta","k":"b","v":2}\n']);
    expect(handle.truncatedTo).toEqual([]);
    expect(undone).toEqual([]);

    handle.failReserves = false;
    writer.queue('{"op":"setMeta","k":"c","v":3}', () => undone.push('c'));
    await writer.commit();
    const end = handle.written.join('').length;
    expect(handle.reserved).toEqual([[end, end + JOURNAL_RESERVE_BYTES]]);
  });

  it('appends lines queued during a checkpoint to the fresh journal, after the truncation', async () => {
    const handle = fakeHandle();
    const events: string[] = [];
    let release!: () => void;
    const writer = new JournalWriter(handle, 500, {
      checkpointBytes: Number.POSITIVE_INFINITY,
      snapshot: () => {
        events.push('capture');
        return new Promise<void>((resolve) => (release = resolve));
      },
    });
    const checkpoint = writer.checkpoint();
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(['capture']);
    writer.queue('{"op":"clear"}', () => undefined);
    const committed = writer.commit();
    await new Promise((resolve) => setImmediate(resolve));
    expect(handle.written).toEqual([]); // no append interleaved with the checkpoint
    release();
    await Promise.all([checkpoint, committed]);
    expect(handle.truncatedTo).toEqual([0]);
    expect(handle.written).toEqual(['{"op":"clear"}\n']);
  });

  it('does not leave an unhandled rejection for puts nobody committed', async () => {
    const handle = fakeHandle();
    handle.failWrites = true;
    const writer = new JournalWriter(handle, 0, {
      checkpointBytes: Number.POSITIVE_INFINITY,
      snapshot: async () => {},
    });
    let undone = 0;
    writer.queue('{"op":"clear"}', () => (undone += 1));
    await new Promise((resolve) => setTimeout(resolve, 10));
    handle.failWrites = false;
    await writer.close();
    // The failed append took the line back out of memory; the close checkpoint has nothing of it to write.
    expect(undone).toBe(1);
    expect(handle.written).toEqual([]);
    expect(handle.truncatedTo).toEqual([0, 0]);
  });
});
