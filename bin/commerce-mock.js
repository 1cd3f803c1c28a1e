#!/usr/bin/env node
// The process edge: arguments, environment, output streams and stop signals in; the exit code out.
import module from 'node:module';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';

// Node ≥ 22.1 keeps what V8 compiled of the bundle below in its compile cache (os.tmpdir()/node-compile-cache, or
// NODE_COMPILE_CACHE; NODE_DISABLE_COMPILE_CACHE=1 turns it off), as npm does for itself: a later start compiles
// less (−5 % to the first answer on Node 24, docs/development.md). Node 20 has no such cache; nothing is written.
module.enableCompileCache?.();

// The old generation grows to 1.3 × what survived its last full GC instead of up to 4 ×: under load the mock promotes
// short-lived objects (a request's, a checkpoint's), and a heap allowed to quadruple kept them as RSS. Measured on a
// file store of 100 000 products under 30 s of create order at 50 connections: RSS peak 326–381 MiB without it,
// 198–206 MiB with it, at the same throughput (docs/development.md, "Where the memory goes"). V8 reads this flag at
// every full GC, so it works set here (NODE_OPTIONS refuses it); a flag given on node's command line wins.
if (!process.execArgv.some((flag) => /^--heap[-_]growing[-_]percent/.test(flag))) setFlagsFromString('--heap-growing-percent=30');

// The build's one-file bundle of the command line and the server (scripts/bundle-server.mjs): the fastest to load.
const built = new URL('../dist/bundle/cli.js', import.meta.url);
let runCli;
try {
  ({ runCli } = await import(built.href));
} catch (error) {
  // A clone of the repository before its first build (npm install builds nothing): say so, not a module trace.
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes(fileURLToPath(built))) throw error;
  process.stderr.write('commerce-mock: dist/ is not built yet: run `npm run build` (or `npm start`) in the repository first\n');
  process.exit(1);
}

const stopping = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopping.abort(signal));
const code = await runCli(process.argv, process.env, {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  stop: stopping.signal,
  tty: { stdout: process.stdout.isTTY === true, stderr: process.stderr.isTTY === true },
  stdio: { input: process.stdin, output: process.stdout },
});
process.exit(code);
