import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/index.ts';
import { makeTempDir, type TempDir } from '../support/store-helpers.ts';

const FIXTURE = fileURLToPath(new URL('./fixtures/kill-writer.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

let dir: TempDir;
beforeEach(async () => {
  dir = await makeTempDir();
});
afterEach(async () => {
  await dir.remove();
});

/** Run the writer child, SIGKILL it once it has acknowledged `killAfter` records; return the acked ids. */
function runAndKill(file: string, prefix: string, killAfter: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, file, prefix, '8', '20000'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const acked: string[] = [];
    let buffered = '';
    let stderr = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith('acked ')) acked.push(line.slice('acked '.length));
      }
      if (acked.length >= killAfter) child.kill('SIGKILL');
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve(acked);
      else reject(new Error(`writer exited with ${code ?? signal}: ${stderr}`));
    });
  });
}

describe('store survives SIGKILL', () => {
  it('keeps every acknowledged record across repeated kills', async () => {
    const file = dir.file('kill/store.json');
    const acked: string[] = [];
    for (const [round, killAfter] of [300, 1_000, 150].entries()) {
      acked.push(...(await runAndKill(file, `round${round}`, killAfter)));
      const store = await openStore({ file });
      const missing = acked.filter((id) => store.get('orders', id) === undefined);
      expect(missing).toEqual([]);
      for (const id of acked.filter((id) => /-(0|5|10)$/.test(id))) {
        expect(store.get('payments', `pay-${id}`), `payment of ${id}`).toBeDefined();
      }
      // Replay worked; closing checkpoints it, so the next child starts from a snapshot (and a torn journal).
      await store.close();
    }
    expect(acked.length).toBeGreaterThanOrEqual(1_450);
  }, 60_000);
});
