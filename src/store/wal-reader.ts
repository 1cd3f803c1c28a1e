/**
 * Reading the journal at start-up. It is a sequence of `\n`-terminated JSON lines (see log-lines.ts), then the
 * zeros the writer reserved for the lines to come (write-ahead-log.ts): the journal ends at its first zero byte,
 * which no line holds (JSON text writes U+0000 as `\u0000`), as a database's write-ahead log ends at its first
 * zeroed record. A crash can tear the last append, so an unparseable LAST line (terminated or not) is a torn
 * write and is ignored; so is a trailing fragment without its `\n` even if it parses (it was never acknowledged:
 * the newline goes out in the same write, before the fdatasync), and whatever a torn append left past a zero.
 * Anything else wrong is corruption.
 */
import { readFile } from 'node:fs/promises';
import { checkOp, type JournalOp } from './log-lines.ts';
import { CorruptFile, errorText } from './snapshot.ts';

export interface JournalContents {
  ops: JournalOp[];
  /** Bytes up to the end of the last good line: the journal is cut back to this before appending. */
  validBytes: number;
  totalBytes: number;
}

const NEWLINE = 0x0a;

export async function readJournal(file: string): Promise<JournalContents> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { ops: [], validBytes: 0, totalBytes: 0 };
    throw new CorruptFile(file, errorText(error));
  }
  return parseJournal(file, bytes);
}

interface Line {
  number: number;
  start: number;
  end: number;
  terminated: boolean;
}

function splitLines(bytes: Buffer): Line[] {
  const lines: Line[] = [];
  let start = 0;
  let number = 1;
  while (start < bytes.length) {
    const newline = bytes.indexOf(NEWLINE, start);
    const end = newline === -1 ? bytes.length : newline;
    if (bytes.toString('utf8', start, end).trim() !== '') {
      lines.push({ number, start, end, terminated: newline !== -1 });
    }
    start = end + 1;
    number += 1;
  }
  return lines;
}

const RESERVED = 0x00;

export function parseJournal(file: string, bytes: Buffer): JournalContents {
  const reserve = bytes.indexOf(RESERVED);
  const written = reserve === -1 ? bytes : bytes.subarray(0, reserve);
  const lines = splitLines(written);
  const ops: JournalOp[] = [];
  let validBytes = written.length;
  for (const [position, line] of lines.entries()) {
    const last = position === lines.length - 1;
    let value: unknown;
    try {
      value = JSON.parse(bytes.toString('utf8', line.start, line.end));
    } catch {
      if (last) {
        validBytes = line.start;
        break;
      }
      throw new CorruptFile(file, `line ${line.number} is not valid JSON (and is not the last line)`);
    }
    if (!line.terminated) {
      validBytes = line.start;
      break;
    }
    const op = checkOp(value);
    if (typeof op === 'string') throw new CorruptFile(file, `line ${line.number}: ${op}`);
    ops.push(op);
  }
  return { ops, validBytes, totalBytes: bytes.length };
}
