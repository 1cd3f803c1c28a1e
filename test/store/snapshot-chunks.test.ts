/** The snapshot goes to disk through one reused buffer: whatever the texts' sizes and characters, the file is their concatenation. */
import { open, readFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeInChunks } from '../../src/store/snapshot.ts';
import { makeTempDir, type TempDir } from '../support/store-helpers.ts';

let dir: TempDir;
beforeEach(async () => {
  dir = await makeTempDir();
});
afterEach(async () => {
  await dir.remove();
});

describe('writeInChunks', () => {
  it.each([
    ['texts smaller than a chunk', ['{"a":', '1', ',"b":"x"}']],
    ['a text larger than a chunk between small ones', ['[', `"${'y'.repeat(100)}"`, ',1]']],
    ['multi-byte characters across chunk ends', ['"', 'algodão '.repeat(7), 'Fátima 😀', '"']],
    ['a text that exactly fills a chunk', ['z'.repeat(16), 'w']],
  ])('writes %s whole, in order', async (_name, texts) => {
    const file = dir.file('out.json');
    const handle = await open(file, 'w');
    await writeInChunks(handle, texts, 16);
    await handle.close();
    expect(await readFile(file, 'utf8')).toBe(texts.join(''));
  });
});
