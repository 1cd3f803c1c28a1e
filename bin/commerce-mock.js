#!/usr/bin/env node
// The process edge: arguments, environment, output streams and stop signals in; the exit code out.
import { runCli } from '../dist/cli.js';

const stopping = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopping.abort(signal));
const code = await runCli(process.argv, process.env, {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  stop: stopping.signal,
});
process.exit(code);
