/**
 * The running Node process, for the code outside bin/ that must reach it: its id, whether another process is alive,
 * Node's own executable, a built-in module loaded on first use, and the standard streams. bin/ owns the rest of
 * `process` (arguments, environment, signals, exit): no other module touches it (test/architecture/owners.test.ts).
 */

/** This process's id (the data file's lock names its holder by it). */
export function ownPid(): number {
  return process.pid;
}

/** Whether a process with this id exists (signal 0 tests it and sends nothing). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The Node executable running this process: a child of ours runs on the same Node. */
export function nodeExecutable(): string {
  return process.execPath;
}

/** `node:https`, loaded by its first caller rather than at start-up (with tls, about 15 ms). */
export function httpsModule(): typeof import('node:https') {
  return process.getBuiltinModule('node:https');
}

export function writeStdout(text: string): void {
  process.stdout.write(text);
}

export function writeStderr(text: string): void {
  process.stderr.write(text);
}
