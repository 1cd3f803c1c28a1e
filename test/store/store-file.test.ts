import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, StoreOpenError, type Store } from '../../src/store/index.ts';
import { makeTempDir, product, type TempDir } from '../support/store-helpers.ts';
import { journalText, writeAtJournalEnd } from '../support/journal-file.ts';

let dir: TempDir;
let file: string;
let journal: string;
const open: Store[] = [];

async function openAt(options: Parameters<typeof openStore>[0] = {}): Promise<Store> {
  const store = await openStore({ file, ...options });
  open.push(store);
  return store;
}

beforeEach(async () => {
  dir = await makeTempDir();
  file = dir.file('data/store.json');
  journal = `${file}.journal`;
});

afterEach(async () => {
  // Instances "killed" by a test are closed only now, one at a time (they share the snapshot's temp file).
  for (const store of open.splice(0)) await store.close().catch(() => undefined);
  await dir.remove();
});

const size = async (path: string) => (await stat(path)).size;

describe('file-backed store', () => {
  it('starts empty without a file, creating the directory', async () => {
    const store = await openAt();
    expect(store.count('products')).toBe(0);
    expect((await stat(dir.file('data'))).isDirectory()).toBe(true);
  });

  it('replays the journal after a kill (reopened without close)', async () => {
    const first = await openAt();
    first.put('products', product('p1', 'alice', 'A-1'));
    first.setMeta('seed', 'demo');
    await first.commit();
    // No close: the first instance is simply abandoned, as if the process had died.
    await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' });

    const second = await openAt();
    expect(second.get('products', 'p1')).toMatchObject({ originProductId: 'A-1' });
    expect(second.findByKey('products', 'originProductId', 'alice', 'A-1')?.id).toBe('p1');
    expect(second.getMeta('seed')).toBe('demo');
  });

  it('after close, the data is in the snapshot and the journal is empty', async () => {
    const first = await openAt();
    first.put('products', product('p1', 'alice', 'A-1'));
    await first.close();
    expect(await size(journal)).toBe(0);
    const snapshot = JSON.parse(await readFile(file, 'utf8'));
    expect(snapshot).toMatchObject({ version: 1, collections: { products: { p1: { clientId: 'alice' } } } });

    const second = await openAt();
    expect(second.list('products', 'alice').map((r) => r.id)).toEqual(['p1']);
  });

  it('ignores a torn last line and cuts it off before appending again', async () => {
    const first = await openAt();
    first.put('products', product('p1', 'alice', 'A-1'));
    await first.commit();
    await writeAtJournalEnd(journal, '{"op":"put","c":"products","r":{"id":"p2","cli');

    const second = await openAt();
    expect(second.get('products', 'p1')).toBeDefined();
    expect(second.get('products', 'p2')).toBeUndefined();
    second.put('products', product('p3', 'alice', 'A-3'));
    await second.commit();

    const third = await openAt();
    expect(third.count('products')).toBe(2);
    expect(third.get('products', 'p3')).toBeDefined();
  });

  it('ignores an unparseable last line even when terminated', async () => {
    const first = await openAt();
    first.put('products', product('p1', 'alice', 'A-1'));
    await first.commit();
    await writeAtJournalEnd(journal, '{"op":"put","c":"prod\n');
    const second = await openAt();
    expect(second.count('products')).toBe(1);
  });

  it('refuses a journal corrupt in the middle, leaving both files untouched', async () => {
    const first = await openAt();
    first.put('products', product('p1', 'alice', 'A-1'));
    await first.close();
    const snapshotBefore = await readFile(file);
    const lines = [
      JSON.stringify({ op: 'put', c: 'products', r: product('p2', 'alice', 'A-2') }),
      '{"op":"put","c":"prod',
      JSON.stringify({ op: 'put', c: 'products', r: product('p3', 'alice', 'A-3') }),
    ];
    await writeFile(journal, `${lines.join('\n')}\n`);
    const journalBefore = await readFile(journal);

    const error = await openStore({ file }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreOpenError);
    expect(error).toMatchObject({ file: journal, reason: expect.stringMatching(/line 2/) });
    expect(await readFile(journal)).toEqual(journalBefore);
    expect(await readFile(file)).toEqual(snapshotBefore);
  });

  it('refuses a well-formed journal line that is not an operation', async () => {
    await mkdir(dir.file('data'));
    await writeFile(journal, '{"op":"put","c":"nope","r":{"id":"x","clientId":"y"}}\n');
    await expect(openStore({ file })).rejects.toMatchObject({ reason: expect.stringMatching(/unknown collection/) });
  });

  it.each([
    ['not JSON', '{not json'],
    ['JSON null', 'null'],
    ['an array', '[]'],
    ['another version', '{"version":2,"meta":{},"collections":{}}'],
    ['no collections', '{"version":1,"meta":{}}'],
    ['a bad record', '{"version":1,"meta":{},"collections":{"products":{"p1":{"id":"p1"}}}}'],
  ])('refuses a snapshot holding %s and never rewrites it', async (_label, content) => {
    await mkdir(dir.file('data'));
    await writeFile(file, content);
    await writeFile(journal, `${JSON.stringify({ op: 'clear' })}\n`);
    const before = await readFile(file);
    const journalBefore = await readFile(journal);

    const error = await openStore({ file }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreOpenError);
    expect((error as StoreOpenError).file).toBe(file);
    expect((error as StoreOpenError).message).toContain('--reset');
    expect(await readFile(file)).toEqual(before);
    expect(await readFile(journal)).toEqual(journalBefore);
  });

  it('with setAsideUnreadable, sets the corrupt files aside and starts empty', async () => {
    await mkdir(dir.file('data'));
    await writeFile(file, '{not json');
    await writeFile(journal, '{"op":"clear"}\n');
    const events: unknown[] = [];
    const store = await openAt({
      setAsideUnreadable: true,
      now: () => new Date('2026-11-22T14:30:00.000Z'),
      onSetAside: (event) => events.push(event),
    });
    expect(store.count('products')).toBe(0);
    const aside = `${file}.corrupt-2026-11-22T14-30-00-000Z`;
    expect(await readFile(aside, 'utf8')).toBe('{not json');
    expect(await readFile(`${journal}.corrupt-2026-11-22T14-30-00-000Z`, 'utf8')).toBe('{"op":"clear"}\n');
    expect(events).toEqual([
      { cause: 'unreadable', file, reason: expect.any(String), movedTo: [aside, `${journal}.corrupt-2026-11-22T14-30-00-000Z`] },
    ]);

    store.put('products', product('p1', 'alice', 'A-1'));
    await store.close();
    const again = await openAt({ setAsideUnreadable: true });
    expect(again.count('products')).toBe(1);
  });

  it('with setAsideUnreadable, a readable store is loaded as it is', async () => {
    const first = await openAt();
    first.put('products', product('p1', 'alice', 'A-1'));
    await first.close();
    const loads: unknown[] = [];
    const second = await openAt({ setAsideUnreadable: true, onLoad: (event) => loads.push(event) });
    expect(second.count('products')).toBe(1);
    expect(loads).toEqual([{ file, found: true }]);
    expect((await readdir(dir.file('data'))).some((name) => name.includes('corrupt'))).toBe(false);
  });

  it('with reset, a readable store is moved aside, kept whole, and the store starts empty', async () => {
    const first = await openAt();
    first.put('products', product('p1', 'alice', 'A-1'));
    first.setMeta('mock.clock', { offsetMs: 600_000 });
    await first.close();
    const before = await readFile(file, 'utf8');
    const events: unknown[] = [];
    const loads: unknown[] = [];
    const second = await openAt({
      reset: true,
      now: () => new Date('2026-11-22T14:30:00.000Z'),
      onSetAside: (event) => events.push(event),
      onLoad: (event) => loads.push(event),
    });
    expect(second.count('products')).toBe(0);
    expect(second.getMeta('mock.clock')).toBeUndefined();
    const aside = `${file}.reset-2026-11-22T14-30-00-000Z`;
    expect(events).toEqual([{ cause: 'reset', file, movedTo: [aside, `${journal}.reset-2026-11-22T14-30-00-000Z`] }]);
    expect(loads).toEqual([{ file, found: false }]);
    expect(await readFile(aside, 'utf8')).toBe(before);
    await second.close();
    // A second reset within the same millisecond keeps the first one's files.
    await openAt({ reset: true, now: () => new Date('2026-11-22T14:30:00.000Z') }).then((store) => store.close());
    expect(await readFile(aside, 'utf8')).toBe(before);
    expect(await readdir(dir.file('data'))).toEqual(expect.arrayContaining([`${basename(file)}.reset-2026-11-22T14-30-00-000Z-2`]));
  });

  it('with reset and no data file yet: nothing to move, an empty store', async () => {
    const events: unknown[] = [];
    const store = await openAt({ reset: true, onSetAside: (event) => events.push(event) });
    expect(store.count('products')).toBe(0);
    expect(events).toEqual([{ cause: 'reset', file, movedTo: [] }]);
  });

  it.each([{}, { reset: true }, { setAsideUnreadable: true }])('refuses a data path that is a directory, moving nothing (%j)', async (options) => {
    await mkdir(file, { recursive: true });
    await writeFile(join(file, 'keep.txt'), 'mine');
    const error = await openAt(options).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreOpenError);
    expect((error as StoreOpenError).message).toBe(`cannot use data file ${file}: it is a directory, not a data file; nothing was changed. Give --data the path of a file (its directory is made when missing).`);
    expect(await readdir(dir.file('data'))).toEqual([basename(file)]);
    expect(await readdir(file)).toEqual(['keep.txt']);
  });

  it('removes a temp file left by an interrupted snapshot write', async () => {
    const first = await openAt();
    first.put('products', product('p1', 'alice', 'A-1'));
    await first.commit();
    const temp = join(dir.file('data'), '.store.json.tmp');
    await writeFile(temp, '{"version":1,"half');
    const second = await openAt();
    expect(second.count('products')).toBe(1);
    await expect(stat(temp)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('writes putMany as one journal line', async () => {
    const store = await openAt();
    store.putMany([
      { collection: 'orders', record: { id: 'o1', clientId: 'alice' } },
      { collection: 'payments', record: { id: 'pay1', clientId: 'alice' } },
      { collection: 'payments', record: { id: 'pay2', clientId: 'alice' } },
    ]);
    await store.commit();
    const lines = (await journalText(journal)).split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ op: 'putMany', e: [{ c: 'orders' }, { c: 'payments' }, { c: 'payments' }] });
    const again = await openAt();
    expect(again.count('payments')).toBe(2);
  });

  it('replays clear and meta deletions', async () => {
    const first = await openAt();
    first.put('products', product('p1', 'alice', 'A-1'));
    first.setMeta('a', 1);
    first.setMeta('b', 2);
    first.clear();
    first.put('products', product('p2', 'alice', 'A-2'));
    first.setMeta('b', 3);
    first.setMeta('b', undefined);
    await first.commit();
    const second = await openAt();
    expect(second.count('products')).toBe(1);
    expect(second.get('products', 'p2')).toBeDefined();
    expect(second.getMeta('a')).toBeUndefined();
    expect(second.getMeta('b')).toBeUndefined();
  });

  it('keeps __proto__ keys as data through the journal and the snapshot', async () => {
    const metadata = JSON.parse('{"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"x": 1}}}');
    const first = await openAt();
    first.put('products', product('__proto__', 'alice', 'A-1', { metadata }));
    await first.commit();
    const fromJournal = await openAt();
    expect(Object.keys(fromJournal.get('products', '__proto__')!['metadata'] as object)).toEqual(['__proto__', 'constructor']);
    await fromJournal.close();
    const fromSnapshot = await openAt();
    const record = fromSnapshot.get('products', '__proto__')!;
    expect((record['metadata'] as Record<string, unknown>)['__proto__']).toEqual({ polluted: 'yes' });
    expect(fromSnapshot.list('products', 'alice')).toHaveLength(1);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
  });
});
