/**
 * A file store's journal as its reader sees it: the lines before the zeros the writer reserves past them
 * (src/store/write-ahead-log.ts). A test that asks whether anything was written compares these, not the file's
 * size, which an append inside the reserve leaves as it was.
 */
import { open, readFile } from 'node:fs/promises';

async function journalBuffer(file: string): Promise<Buffer> {
  const bytes = await readFile(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return Buffer.alloc(0);
    throw error;
  });
  const reserve = bytes.indexOf(0);
  return reserve === -1 ? bytes : bytes.subarray(0, reserve);
}

/** The journal's lines as text ('' when there is no journal). */
export async function journalText(file: string): Promise<string> {
  return (await journalBuffer(file)).toString('utf8');
}

/** The bytes of the journal's lines. */
export async function journalBytes(file: string): Promise<number> {
  return (await journalBuffer(file)).length;
}

/** Writes `text` where the lines end, over the reserve, as an append the writer began would (a torn one, say). */
export async function writeAtJournalEnd(file: string, text: string): Promise<void> {
  const end = await journalBytes(file);
  const handle = await open(file, 'r+');
  try {
    await handle.write(Buffer.from(text, 'utf8'), 0, Buffer.byteLength(text), end);
  } finally {
    await handle.close();
  }
}
