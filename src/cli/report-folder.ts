/**
 * `--report DIR`, the same for every command that writes a report (verify, proxy, coverage, drill): a folder, made
 * when missing, holding `<command>-report.json` and `<command>-report.md`, and `<command>-junit.xml` where the
 * command judges cases; a file of the same name there is replaced. Each file's name says which command wrote it,
 * so several commands can share one folder (a CI job's artifacts). A path that cannot be that folder (a file, a
 * path under a file, a folder not writable) is refused before the command runs, so nothing is written.
 */
import { accessSync, constants, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { printable } from '../platform/printable.ts';

/** Why `dir` cannot hold the reports, or undefined; `files` names what would be written there. */
export function reportFolderProblem(dir: string, files: readonly string[]): string | undefined {
  const shown = printable(dir);
  const what = `--report names a folder (made when missing) for ${files.join(', ')}`;
  if (dir.trim() === '') return `--report: empty; ${what}`;
  const existing = nearestExisting(resolve(dir));
  if (existing.kind === 'file') return existing.path === resolve(dir) ? `--report ${shown}: a file is there; ${what}` : `--report ${shown}: ${printable(existing.path)} is a file; ${what}`;
  try {
    accessSync(existing.path, constants.W_OK);
  } catch (error) {
    return `--report ${shown}: ${printable(existing.path)} is not writable [${(error as NodeJS.ErrnoException).code ?? 'EACCES'}]`;
  }
  return undefined;
}

/** Writes each file into `dir` (made when missing): the line that says where they are, or why they are not. */
export function writeReportFolder(dir: string, files: Record<string, string>): { ok: true; line: string } | { ok: false; problem: string } {
  try {
    makeFolder(resolve(dir));
    for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  } catch (error) {
    return { ok: false, problem: `--report ${printable(dir)}: the reports could not be written [${(error as NodeJS.ErrnoException).code ?? String(error)}]` };
  }
  return { ok: true, line: `reports in ${printable(dir)}: ${Object.keys(files).join(', ')}` };
}

/**
 * The folder and its missing parents, one at a time: `mkdirSync(…, { recursive: true })` loops for ever where a
 * parent exists but refuses a child with ENOENT (/proc), and a stopped command cannot stop it.
 */
function makeFolder(path: string): void {
  const missing: string[] = [];
  for (let at = path; nearestExisting(at).path !== at; at = dirname(at)) missing.unshift(at);
  for (const folder of missing) mkdirSync(folder);
}

/** The path itself or its nearest ancestor that exists, and whether that is a folder. */
function nearestExisting(path: string): { path: string; kind: 'folder' | 'file' } {
  for (let at = path; ; at = dirname(at)) {
    try {
      return { path: at, kind: statSync(at).isDirectory() ? 'folder' : 'file' };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // ENOTDIR: a component of the path is a file; the walk up finds it.
      if ((code !== 'ENOENT' && code !== 'ENOTDIR') || dirname(at) === at) return { path: at, kind: 'folder' };
    }
  }
}
