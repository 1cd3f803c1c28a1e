/** The mock a doc page runs against: the repository's CLI, started in the page's folder, in memory, on a port it binds itself. Not a test file. */
import { spawn } from 'node:child_process';
import { BIN } from './cli.ts';

export interface DocMock {
  port: number;
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 20_000;

/** `commerce-mock start FLAGS --port 0 --in-memory` (the last `--port` wins); resolves with the port it reports. */
export function startDocMock(flags: string[], cwd: string): Promise<DocMock> {
  const child = spawn(process.execPath, [BIN, 'start', ...flags, '--port', '0', '--in-memory', '--log-level', 'error'], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(killer);
  };
  return new Promise((resolve, reject) => {
    let output = '';
    const fail = (why: string) => {
      clearTimeout(timer);
      void stop().then(() => reject(new Error(`the mock (start ${flags.join(' ')}) ${why}:\n${output}`)));
    };
    const timer = setTimeout(() => fail(`did not listen within ${START_TIMEOUT_MS / 1000} s`), START_TIMEOUT_MS);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (!url) return;
      clearTimeout(timer);
      resolve({ port: Number(new URL(url).port), stop });
    });
    child.on('exit', (code) => fail(`exited ${code} before it listened`));
  });
}
