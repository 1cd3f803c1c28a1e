/**
 * Start-up housekeeping: setting an unusable data file aside (`--reset`).
 */
import { rename } from 'node:fs/promises';
import { exists } from './snapshot.ts';

/** `2026-11-22T14:30:00.000Z` → `2026-11-22T14-30-00-000Z` (no `:` or `.`, safe in file names everywhere). */
export function fileTimestamp(date: Date): string {
  return date.toISOString().replace(/[:.]/g, '-');
}

/**
 * Rename each existing file to `<file>.corrupt-<time>` (adding `-2`, `-3`… rather than replacing an earlier
 * one). Returns the new names.
 */
export async function setAside(files: readonly string[], date: Date): Promise<string[]> {
  const movedTo: string[] = [];
  for (const file of files) {
    if (!(await exists(file))) continue;
    const base = `${file}.corrupt-${fileTimestamp(date)}`;
    let target = base;
    for (let attempt = 2; await exists(target); attempt += 1) target = `${base}-${attempt}`;
    await rename(file, target);
    movedTo.push(target);
  }
  return movedTo;
}
