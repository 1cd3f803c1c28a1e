/**
 * Start-up housekeeping: moving the data file and its journal aside, never deleting them. `reset` moves them
 * whatever they hold (`<file>.reset-<time>`); `unreadable` moves a file that cannot be used (`<file>.corrupt-<time>`).
 * Both files move, or neither: a failed move puts back what had moved.
 */
import { rename, stat } from 'node:fs/promises';
import { exists } from './snapshot.ts';

export type SetAsideCause = 'reset' | 'unreadable';

const SUFFIX: Record<SetAsideCause, string> = { reset: 'reset', unreadable: 'corrupt' };

/** `2026-11-22T14:30:00.000Z` → `2026-11-22T14-30-00-000Z` (no `:` or `.`, safe in file names everywhere). */
export function fileTimestamp(date: Date): string {
  return date.toISOString().replace(/[:.]/g, '-');
}

/**
 * Rename each existing file to `<file>.<reset|corrupt>-<time>` (adding `-2`, `-3`… rather than replacing an earlier
 * one). Returns the new names; on a failure, the files already moved are moved back before it is thrown.
 */
export async function setAside(files: readonly string[], date: Date, cause: SetAsideCause): Promise<string[]> {
  const moved: Array<{ from: string; to: string }> = [];
  try {
    for (const file of files) {
      if (!(await exists(file))) continue;
      const base = `${file}.${SUFFIX[cause]}-${fileTimestamp(date)}`;
      let target = base;
      for (let attempt = 2; await exists(target); attempt += 1) target = `${base}-${attempt}`;
      await rename(file, target);
      moved.push({ from: file, to: target });
    }
  } catch (error) {
    for (const { from, to } of moved.reverse()) await rename(to, from).catch(() => undefined);
    throw error;
  }
  return moved.map(({ to }) => to);
}

/** The first of `paths` that is there but is no file (a directory, a socket): such a path is never read or moved. */
export async function firstNonFile(paths: readonly string[]): Promise<{ path: string; kind: string } | undefined> {
  for (const path of paths) {
    const found = await stat(path).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (found && !found.isFile()) return { path, kind: found.isDirectory() ? 'a directory' : 'not a regular file' };
  }
  return undefined;
}
