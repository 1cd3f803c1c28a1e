/**
 * A kill -9 in the middle of a large checkpoint loses no acknowledged write: a child fills a store with 100,000
 * records, then checkpoints over and over while it keeps writing; it is killed once the snapshot's temp file is
 * there (a checkpoint half written). Reopened, the store holds every record the child acknowledged, and the data
 * file is a whole snapshot.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/index.ts';
import { makeTempDir, type TempDir } from '../support/store-helpers.ts';

const FIXTURE = fileURLToPath(new URL('./fixtures/checkpoint-writer.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const RECORDS = 100_000;

let dir: TempDir;
beforeEach(async () => {
  dir = await makeTempDir();
});
afterEach(async () => {
  await dir.remove();
});

/** Run the child; SIGKILL it as soon as a checkpoint's temp file exists after `checkpointing`. */
function killDuringCheckpoint(file: string, temp: string): Promise<{ batches: number; orders: string[]; tempAtKill: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, file, String(RECORDS)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let batches = 0;
    const orders: string[] = [];
    let buffered = '';
    let stderr = '';
    let watching: NodeJS.Timeout | undefined;
    let tempAtKill = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith('acked batch ')) batches += 1;
        else if (line.startsWith('acked ')) orders.push(line.slice('acked '.length));
        else if (line === 'checkpointing' && !watching) {
          watching = setInterval(() => {
            if (!existsSync(temp)) return;
            clearInterval(watching);
            child.kill('SIGKILL');
            tempAtKill = existsSync(temp);
          }, 1);
        }
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearInterval(watching);
      if (signal === 'SIGKILL') resolve({ batches, orders, tempAtKill });
      else reject(new Error(`the writer exited with ${code ?? signal}: ${stderr}`));
    });
  });
}

describe('a kill during a 100,000-record checkpoint', () => {
  it('loses no acknowledged record, and the data file is a whole snapshot', async () => {
    const file = dir.file('store.json');
    const { batches, orders, tempAtKill } = await killDuringCheckpoint(file, dir.file('.store.json.tmp'));
    expect(batches).toBe(RECORDS / 1000);
    expect(tempAtKill).toBe(true);

    const snapshot = JSON.parse(await readFile(file, 'utf8')) as { version: number; collections: { products: object } };
    expect(snapshot.version).toBe(1);
    expect(Object.keys(snapshot.collections.products)).toHaveLength(RECORDS);

    const store = await openStore({ file });
    expect(store.count('products')).toBe(RECORDS);
    expect(store.get('products', `prod_${RECORDS - 1}`)).toMatchObject({ name: `Produto ${RECORDS - 1} de algodão` });
    expect(orders.filter((id) => store.get('orders', id) === undefined)).toEqual([]);
    expect(existsSync(dir.file('.store.json.tmp'))).toBe(false);
    await store.close();
  }, 120_000);
});
