/**
 * The store's memory: node --expose-gc --import tsx bench/store-memory.ts [--records N] [--orders N] [--in-memory]
 * (defaults: 100000 products, 100000 orders with their payments). Prints
 * - bytes per record at rest: the heap an in-memory store holds per order, payment and subscription (records shaped
 *   as the mock writes them, ids and times distinct), after a full GC, indexes included;
 * - a file store of N products (bench/servers.ts `prepareDataFile`) taking N orders with their payments from 50
 *   concurrent writers (its checkpoints run as its journal fills), then closed (a last checkpoint): RSS and heap
 *   peaks per phase, sampled every 10 ms. `--in-memory`: the same writes to an in-memory store (the products put
 *   through the store), for the difference the journal's fdatasync makes.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type Store } from '../src/store/index.ts';
import { bytesPerRecord, orderAndPayment } from './bytes-per-record.ts';
import { prepareDataFile } from './servers.ts';
import { fmt } from './startup-support.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const RECORDS = option('--records', 100_000);
const ORDERS = option('--orders', 100_000);
const WRITERS = 50;
const IN_MEMORY = args.includes('--in-memory');
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');

function heapAfterGc(): void {
  gc!();
  gc!();
}

const MIB = 2 ** 20;
let peaks = { rss: 0, heap: 0, external: 0 };
const sampler = setInterval(() => {
  const usage = process.memoryUsage();
  peaks = { rss: Math.max(peaks.rss, usage.rss), heap: Math.max(peaks.heap, usage.heapUsed), external: Math.max(peaks.external, usage.external + usage.arrayBuffers) };
}, 10);
const rows: string[] = [];
function phase(name: string): void {
  const usage = process.memoryUsage();
  rows.push(`| ${name} | ${fmt(peaks.rss / MIB, 0)} | ${fmt(peaks.heap / MIB, 0)} | ${fmt(peaks.external / MIB, 0)} | ${fmt(usage.rss / MIB, 0)} |`);
  peaks = { rss: 0, heap: 0, external: 0 };
}

async function putProducts(store: Store): Promise<void> {
  for (let start = 0; start < RECORDS; start += 1000) {
    store.putMany(Array.from({ length: Math.min(1000, RECORDS - start) }, (_, k) => ({
      collection: 'products' as const,
      record: { id: `prod_bench${start + k}`, clientId: 'mock-client', name: `Produto ${start + k}`, price: 100.5, originProductId: `SKU-B-${start + k}` },
    })));
    await store.commit();
  }
}

async function writeOrders(store: Store): Promise<void> {
  let next = 0;
  const writer = async () => {
    for (let i = next++; i < ORDERS; i = next++) {
      store.putMany(orderAndPayment(i));
      await store.commit();
      // In memory a commit never waits: let the sampler run now and then.
      if (IN_MEMORY && i % 100 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, writer));
}

const perRecord = await bytesPerRecord();
process.stdout.write(`bytes per record at rest (heap after GC, 20000 of each, indexes included): ` +
  `${Object.entries(perRecord).map(([kind, bytes]) => `${kind} ${fmt(bytes, 0)}`).join(', ')}\n`);

const dir = await mkdtemp(join(tmpdir(), 'commerce-mock-store-memory-'));
try {
  const file = join(dir, 'db.json');
  let checkpoints = 0;
  const onCheckpoint = () => void (checkpoints += 1);
  if (!IN_MEMORY) await prepareDataFile(file, RECORDS);
  const store = await openStore(IN_MEMORY ? { onCheckpoint } : { file, onCheckpoint });
  if (IN_MEMORY) await putProducts(store);
  heapAfterGc();
  phase(`${RECORDS} products`);
  await writeOrders(store);
  phase(`${ORDERS} orders with their payments, ${WRITERS} writers (${checkpoints} checkpoints)`);
  heapAfterGc();
  phase('at rest');
  await store.close();
  phase(IN_MEMORY ? 'close' : `close (a checkpoint; data file ${fmt((await stat(file)).size / MIB)} MiB)`);
} finally {
  clearInterval(sampler);
  await rm(dir, { recursive: true, force: true });
}
process.stdout.write(['| phase | RSS peak MiB | heap used peak MiB | external + array buffers peak MiB | RSS at its end MiB |', '|---|--:|--:|--:|--:|', ...rows].join('\n') + '\n');
