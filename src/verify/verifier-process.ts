/**
 * Pact's verifier run in a child process. Its native library prints its own report on file descriptor 1, with
 * colour escapes whether or not that is a terminal (about 9 lines per interaction): in the command's own process
 * that output would land in the user's redirected file and could not be held back. In a child, its output is
 * captured: `verify` prints its own summary, and the verifier's output only with `--verbose`. One child serves a
 * whole run (loading the library costs about 0.4 s), and a stop kills it, where an in-process verifier ran on.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { nodeExecutable } from '../platform/host-process.ts';

/** The child: loads pact-core from the path given once, then verifies each set of options it is sent, in order. */
const CHILD = `
const held = {};
process.on('message', async ({ modulePath, options }) => {
  let json;
  try {
    if (!held.pact) {
      const loaded = require(modulePath);
      held.pact = loaded.default ?? loaded;
      held.pact.logLevel('error');
    }
    json = await held.pact.verifyPacts(options);
  } catch (error) {
    json = error instanceof Error ? error.message : String(error);
  }
  process.send({ json });
});
process.on('disconnect', () => process.exit(0));`;

export interface VerifierProcess {
  /** The verifier's JSON result for these options (or, when it could not run, its message). */
  verify(options: Record<string, unknown>): Promise<string>;
  /** Ends the child; resolves to everything the verifier printed. */
  close(): Promise<string>;
}

export function startVerifierProcess(stop?: AbortSignal): VerifierProcess {
  const modulePath = createRequire(import.meta.url).resolve('@pact-foundation/pact-core');
  const child = spawn(nodeExecutable(), ['-e', CHILD], { stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const kill = () => child.kill('SIGKILL');
  stop?.addEventListener('abort', kill, { once: true });
  // Its end, once its output is read to the end too ('close' is not emitted after the parent disconnects).
  const ended = (stream: NodeJS.ReadableStream | null) => new Promise<void>((resolve) => (stream ? stream.once('end', resolve) : resolve()));
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => {
      stop?.removeEventListener('abort', kill);
      resolve(signal === null && code === 0 ? '' : `the verifier's process ended (${signal ?? `exit ${code}`})`);
    }),
  );
  const closed = Promise.all([exited, ended(child.stdout), ended(child.stderr)]).then(([why]) => why);
  // One run at a time: the child answers in the order it was asked.
  let queue = Promise.resolve('');
  return {
    verify: (options) =>
      (queue = queue.then(
        () =>
          new Promise<string>((resolve) => {
            child.once('message', (message: { json: string }) => resolve(message.json));
            void closed.then((why) => resolve(`${why}: ${output.trim()}`));
            child.send({ modulePath, options });
          }),
      )),
    close: async () => {
      if (child.connected) child.disconnect();
      await closed;
      return output;
    },
  };
}
