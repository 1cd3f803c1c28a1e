/**
 * Runs every shell block of one documentation page in order, as a user would paste them, against the mock the
 * test starts for the page (docs/development.md, "A doc example is a test"). Not a test file.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { firstUnseen, shellBlocks, type ShellBlock } from './doc-blocks.ts';
import { startDocMock, type DocMock } from './doc-mock.ts';
import { pageShell, type Shell } from './doc-shell.ts';
import { BIN } from './cli.ts';
import { exampleReceiver } from './drill-support.ts';

const ROOT = new URL('../../', import.meta.url);
/** The ports the docs name: the mock's (4010) and the user's own webhook receiver's (3000). */
const MOCK_PORT = 4010;
const RECEIVER_PORT = 3000;
export const BLOCK_TIMEOUT_MS = 180_000;
/** Tools the docs tell a user to install beside commerce-mock: the repository's own copies (dev dependencies). */
const INSTALLED_BINS = ['pact-verifier'];

/** Runs the page's blocks; throws at the first that fails, naming the page, the line, the block and its output. */
export async function runPage(page: string, text: string): Promise<void> {
  const blocks = shellBlocks(page, text).filter((block) => block.markers.skip === undefined);
  if (blocks.length === 0) return;
  const dir = userProject(page);
  const receiver = blocks.some((block) => block.markers.receiver) ? await bindReceiver() : undefined;
  const shell = pageShell(dir, blockEnvironment(dir));
  let mock: DocMock | undefined;
  try {
    for (const block of blocks) {
      const { start, freshMock } = block.markers;
      if (start || freshMock || !mock) {
        await mock?.stop();
        mock = await startDocMock(start ?? [], dir);
      }
      if (start) continue;
      if (block.markers.receiver) await receiver?.verifyWith(secretOf(block, shell));
      const ports = new Map([[MOCK_PORT, mock.port], ...(receiver ? [[RECEIVER_PORT, receiver.port] as const] : [])]);
      await runBlock(block, shell, ports);
    }
  } finally {
    await mock?.stop();
    await receiver?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function runBlock(block: ShellBlock, shell: Shell, ports: Map<number, number>): Promise<void> {
  // Only the ports the docs name change: the block is otherwise run as written (and its outputs expected so).
  const withPorts = (text: string) => [...ports].reduce((changed, [from, to]) => changed.replace(new RegExp(`(?<!\\d)${from}(?!\\d)`, 'g'), String(to)), text);
  const script = withPorts(block.code);
  const run = await shell.run(script, BLOCK_TIMEOUT_MS);
  const expectedExit = block.markers.exit ?? 0;
  const unseen = firstUnseen(block.expected.map(withPorts), run.output);
  const problem = run.timedOut
    ? `did not finish within ${BLOCK_TIMEOUT_MS / 1000} s`
    : run.status !== expectedExit
      ? `exited ${run.status}, not ${expectedExit}`
      : unseen !== undefined
        ? `its output does not show "# → ${unseen}"`
        : undefined;
  if (problem) throw new Error(`${block.page}:${block.line}: the block ${problem}\n--- run as ---\n${script}\n--- output ---\n${run.output.slice(-4000)}`);
}

/**
 * A user's project folder: commerce-mock installed (its bin runs this repository's build), the tools the docs
 * name, and pacts of its own (the repository's).
 */
function userProject(page: string): string {
  const dir = mkdtempSync(join(tmpdir(), `commerce-mock-doc-${basename(page, '.md')}-`));
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: 'my-app', private: true }, null, 2)}\n`);
  const bin = join(dir, 'node_modules', '.bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(bin, 'commerce-mock'), `#!/bin/sh\nexec '${process.execPath}' '${BIN}' "$@"\n`);
  chmodSync(join(bin, 'commerce-mock'), 0o755);
  for (const name of INSTALLED_BINS) symlinkSync(realpathSync(new URL(`node_modules/.bin/${name}`, ROOT)), join(bin, name));
  cpSync(new URL('pacts/', ROOT), join(dir, 'pacts'), { recursive: true, filter: (path) => !path.endsWith('.md') });
  return dir;
}

/** What a block sees: the project's bins on PATH (as `npx` and npm scripts do), and npm kept off the registry. */
function blockEnvironment(dir: string): Record<string, string> {
  const inherited = ['HOME', 'TMPDIR', 'LANG'].flatMap((name) => (process.env[name] ? [[name, process.env[name] as string]] : []));
  return {
    ...Object.fromEntries(inherited),
    PATH: `${join(dir, 'node_modules', '.bin')}:${process.env['PATH'] ?? '/usr/bin:/bin'}`,
    npm_config_offline: 'true',
    npm_config_update_notifier: 'false',
    PACT_DO_NOT_TRACK: 'true',
    SCARF_ANALYTICS: 'false',
  };
}

function secretOf(block: ShellBlock, shell: Shell): string {
  const secret = shell.variable('WEBHOOK_SECRET');
  if (!secret) throw new Error(`${block.page}:${block.line}: "doc-test: receiver" needs the page to set WEBHOOK_SECRET before it (the secret the receiver verifies with)`);
  return secret;
}

interface PageReceiver {
  port: number;
  verifyWith(secret: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The user's webhook receiver, bound (on a port of its own) before the page's first block so that blocks can name
 * its URL; it answers 503 until a `receiver` marker starts examples/receivers/standard-webhooks-receiver.mjs behind
 * it with the page's secret.
 */
async function bindReceiver(): Promise<PageReceiver> {
  let inner: Server | undefined;
  const server = createServer((req, res) => (inner ? inner.emit('request', req, res) : res.writeHead(503).end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    async verifyWith(secret) {
      inner = (await exampleReceiver(secret)).server;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // The mock's sender keeps its connections alive: they would hold the close for seconds.
        server.closeAllConnections();
      }),
  };
}
