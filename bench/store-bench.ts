/**
 * Store benchmark: npx tsx bench/store-bench.ts [sizes…]   (default sizes: 1000 10000 100000)
 *
 * For each size, in a temp dir: preload that many records, then measure
 * - single writer: average / p99 latency of put + commit (one journal append + fdatasync each),
 * - 50 concurrent writers: throughput of put + commit and how many commits each append carried,
 * - one checkpoint (snapshot rewrite + journal truncation) — what every write used to cost,
 * - reopening the store (snapshot load + journal replay + index rebuild).
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type Store, type StoredRecord } from '../src/store/index.ts';

const SINGLE_WRITES = 300;
const WRITERS = 50;
const WRITES_PER_WRITER = 40;

function record(i: number, tag: string): StoredRecord {
  return {
    id: `prd_${tag}_${i.toString(36).padStart(8, '0')}`,
    clientId: `client-${i % 10}`,
    originProductId: `SKU-${tag}-${i}`,
    name: `Product ${i}`,
    description: 'A product used by the store benchmark, with a description of realistic length.',
    price: { amount: 1000 + (i % 5000), currency: 'MZN' },
    metadata: { color: 'blue', size: 'M', batch: String(i % 100) },
    createdAt: '2026-03-02T10:00:00.000Z',
    updatedAt: '2026-03-02T10:00:00.000Z',
  };
}

async function preload(store: Store, size: number): Promise<void> {
  for (let start = 0; start < size; start += 1000) {
    const count = Math.min(1000, size - start);
    store.putMany(Array.from({ length: count }, (_, k) => ({ collection: 'products' as const, record: record(start + k, 'seed') })));
    await store.commit();
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

interface Row {
  records: number;
  singleAvgMs: number;
  singleP99Ms: number;
  concurrentPerSec: number;
  commitsPerAppend: number;
  checkpointMs: number;
  snapshotMiB: number;
  reopenMs: number;
}

async function measure(size: number): Promise<Row> {
  const dir = await mkdtemp(join(tmpdir(), 'commerce-mock-bench-'));
  const file = join(dir, 'store.json');
  try {
    let appends = 0;
    const store = await openStore({ file, onAppend: () => (appends += 1) });
    await preload(store, size);
    await store.checkpoint(); // start the timed part from an empty journal

    const latencies: number[] = [];
    for (let i = 0; i < SINGLE_WRITES; i += 1) {
      const started = performance.now();
      store.put('products', record(i, 'single'));
      await store.commit();
      latencies.push(performance.now() - started);
    }
    latencies.sort((a, b) => a - b);

    appends = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: WRITERS }, async (_, writer) => {
        for (let i = 0; i < WRITES_PER_WRITER; i += 1) {
          store.put('products', record(writer * WRITES_PER_WRITER + i, 'conc'));
          await store.commit();
        }
      }),
    );
    const concurrentMs = performance.now() - started;
    const commits = WRITERS * WRITES_PER_WRITER;

    const checkpointStarted = performance.now();
    await store.checkpoint();
    const checkpointMs = performance.now() - checkpointStarted;
    const snapshotBytes = (await stat(file)).size;

    // Leave a journal behind (as after a crash) so the reopen also replays it.
    for (let i = 0; i < 1000; i += 1) store.put('products', record(i, 'replay'));
    await store.commit();
    const reopenStarted = performance.now();
    const reopened = await openStore({ file });
    const reopenMs = performance.now() - reopenStarted;
    if (reopened.count('products') !== store.count('products')) throw new Error('reopen lost records');
    await store.close();
    await reopened.close();

    return {
      records: size,
      singleAvgMs: latencies.reduce((sum, value) => sum + value, 0) / latencies.length,
      singleP99Ms: percentile(latencies, 99),
      concurrentPerSec: (commits / concurrentMs) * 1000,
      commitsPerAppend: commits / appends,
      checkpointMs,
      snapshotMiB: snapshotBytes / 1024 / 1024,
      reopenMs,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const sizes = process.argv.slice(2).map(Number).filter((n) => n > 0);
const rows: Row[] = [];
for (const size of sizes.length > 0 ? sizes : [1_000, 10_000, 100_000]) rows.push(await measure(size));

const fixed = (value: number, digits = 2) => value.toFixed(digits);
console.log(`put+commit: ${SINGLE_WRITES} sequential writes; ${WRITERS} writers × ${WRITES_PER_WRITER} writes concurrently\n`);
console.table(
  rows.map((row) => ({
    records: row.records,
    'single put+commit avg ms': fixed(row.singleAvgMs, 3),
    'single p99 ms': fixed(row.singleP99Ms, 3),
    [`${WRITERS} writers commits/s`]: Math.round(row.concurrentPerSec),
    'commits per append': fixed(row.commitsPerAppend, 1),
    'checkpoint ms': fixed(row.checkpointMs, 1),
    'snapshot MiB': fixed(row.snapshotMiB, 1),
    'reopen ms (+1k journal lines)': fixed(row.reopenMs, 1),
  })),
);
