/**
 * No port races: every server a test (a benchmark, a script) starts binds port 0 itself and reports the port it got,
 * or is handed a server already listening. Refused in test/, bench/ and scripts/: a port found free (a server
 * listened on, its port read, the server closed) and used afterwards — the OS may hand that port to anyone in
 * between, the very server meant to take it included (`--target … is this proxy itself`) — and helpers named after
 * the habit (`freePort`, `getPort`, `portfinder`…).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { portProbes } from '../support/port-probes.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SCANNED = ['test', 'bench', 'scripts'];
const THIS_FILE = 'test/architecture/port-probes.test.ts';
const HOW = 'bind port 0 in the server that needs the port and read the port it got, or hand it a server already listening (test/support/proxy-helpers.ts: listeningServer)';

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? files(path) : /\.(?:[cm]?[jt]s|sh)$/.test(entry.name) ? [path] : [];
  });
}

describe('no port races', () => {
  it('no source of test/, bench/ or scripts/ finds a port free to bind it later, nor has a helper named for it', () => {
    const probes = SCANNED.flatMap((dir) => files(join(ROOT, dir)))
      .map((path) => relative(ROOT, path))
      .filter((path) => path !== THIS_FILE)
      .flatMap((path) => portProbes(path, readFileSync(join(ROOT, path), 'utf8')));
    expect(probes, `a port found free can be taken before it is bound: ${HOW}`).toEqual([]);
  });

  it.each([
    [
      'a freePort helper',
      `export async function freePort(): Promise<number> {
        const server = createServer();
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        const { port } = server.address() as AddressInfo;
        await new Promise((resolve) => server.close(resolve));
        return port;
      }`,
    ],
    [
      'a probe whose port a receiver binds later',
      `beforeAll(async () => {
        const probe = await listen(0);
        hookPort = (probe.address() as AddressInfo).port;
        await new Promise((resolve) => probe.close(resolve));
        running = await startCli(['--data', data]);
        await call('/__admin/clients/shop-new/webhook', 'PUT', { url: \`http://127.0.0.1:\${hookPort}/hooks\`, secret: SECRET });
      });`,
    ],
    ['a port resolved from the close callback', `function pick() { return new Promise((done) => { const probe = createServer().listen(0, HOST, () => { const { port } = probe.address(); probe.close(() => done(port)); }); }); }`],
    ['a probe on a shell line', `PORT=$(node -e "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })")`],
    ['a retry helper on ports found free', `const { port } = await onFreePort((port) => runProxy(['--port', String(port)]), taken);`],
    ['a package that finds ports', `import getPort from 'get-port';`],
    [
      'a stopped server\'s port bound again',
      `it('stop() frees the port', async () => {
        const mock = await startMock();
        await mock.stop();
        await new Promise<void>((resolve, reject) => server.once('error', reject).listen(mock.port, '127.0.0.1', resolve));
      });`,
    ],
  ])('refuses %s', (_what, code) => {
    expect(portProbes(code.startsWith('PORT=') ? 'probe.sh' : 'probe.ts', code)).not.toEqual([]);
  });

  it.each([
    [
      'a port held while it is used, closed after',
      `it('a taken port exits 2', async () => {
        const blocker = createServer();
        await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
        const port = (blocker.address() as { port: number }).port;
        try { expect((await runCli(['--port', String(port)])).code).toBe(2); } finally { blocker.close(); }
        expect(existsSync(lock)).toBe(false);
      });`,
    ],
    [
      'a server whose port is reported and closed by its stop',
      `async function startRawTarget() {
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        return { url: \`http://127.0.0.1:\${(server.address() as AddressInfo).port}\`, stop: () => new Promise((resolve) => server.close(() => resolve())) };
      }`,
    ],
    [
      'a port read in beforeAll, the server closed in afterAll',
      `beforeAll(async () => { await listening(server); port = (server.address() as AddressInfo).port; });
      afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
      function verify() { return run(['--port', String(port)]); }`,
    ],
    [
      'a name given a new server after the old one stopped',
      `async function each(blocks) {
        let mock;
        for (const block of blocks) {
          await mock?.stop();
          mock = await startDocMock(block);
          await run(block, mock.port);
        }
      }`,
    ],
  ])('lets %s pass', (_what, code) => {
    expect(portProbes('fine.ts', code)).toEqual([]);
  });
});
