/**
 * A proxy whose target is itself: refused at start under any spelling that reaches its own socket (exit 2, a
 * message naming the flag), and a loop the start cannot see (two proxies pointing at each other) is answered
 * 508 `ciclo_de_proxy` at the first return, instead of forwarding until the sockets run out.
 *
 * The proxy whose own port a flag must name is given a server already listening (`io.server`): its port is known
 * before the proxy starts and held throughout. A port found free and bound later could be handed by the OS to
 * anyone in between, the proxy's own `--port 0` included.
 */
import type { Server } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/cli.ts';
import { listeningServer, proxyRefusal, startProxy } from '../support/proxy-helpers.ts';

async function runProxy(args: string[], server?: Server): Promise<{ code: number; stderr: string; stdout: string }> {
  let stderr = '';
  let stdout = '';
  const io = {
    stdout: (text: string) => void (stdout += text),
    stderr: (text: string) => void (stderr += text),
    stop: new AbortController().signal,
    ...(server ? { server } : {}),
  };
  return { code: await runCli(['node', 'commerce-mock', 'proxy', ...args], {}, io), stderr, stdout };
}

describe('a target that is the proxy itself', () => {
  it.each(['http://127.0.0.1:PORT', 'http://localhost:PORT/api', 'http://127.1:PORT', 'http://2130706433:PORT/', 'http://0.0.0.0:PORT'])(
    '%s is refused at start (exit 2), and its socket is closed',
    async (spelling) => {
      const { server, port } = await listeningServer();
      const run = await runProxy(['--target', spelling.replace('PORT', String(port)), '--fallback', 'mock'], server);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(new RegExp(`^commerce-mock proxy: --target \\S+ is this proxy itself \\(\\S+ port ${port}\\): every request would be forwarded to the proxy again\\.\\n$`));
      expect(run.stdout).toBe('');
      // Nothing is left listening: the refused proxy closed the socket it was to serve.
      expect(server.listening).toBe(false);
    },
  );

  it('a port in use is refused before a mock of the proxy\'s own starts: exit 2, the port named, nothing printed', async () => {
    const holder = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = (holder.address() as AddressInfo).port;
    try {
      const run = await runProxy(['--port', String(port), '--target', 'http://127.0.0.1:1', '--fallback', 'mock', '--record', '/nonexistent/never-written']);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(new RegExp(`^commerce-mock proxy: cannot listen on 127\\.0\\.0\\.1:${port}: the port is in use \\(EADDRINUSE\\)`));
      expect(run.stdout).toBe('');
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });

  it('another port of this machine is a target like any other', async () => {
    // A target that is held open (and hangs up at once), so the proxy's own port can never be the same.
    const target = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    const proxy = await startProxy(['--target', `http://localhost:${(target.address() as AddressInfo).port}`]);
    try {
      expect((await fetch(`${proxy.url}/v1/products`)).status).toBe(502);
    } finally {
      await proxy.stop();
      await new Promise((resolve) => target.close(resolve));
    }
  });
});

describe('two proxies pointing at each other', () => {
  it('answer 508 ciclo_de_proxy when the request comes back, and forward it no further', async () => {
    // A's socket first, so that B can name it; then A serves it, pointing at B.
    const ofA = await listeningServer();
    const b = await startProxy(['--target', `http://127.0.0.1:${ofA.port}`]);
    const a = await startProxy(['--target', b.url], ofA.server);
    expect(a.url).toBe(`http://127.0.0.1:${ofA.port}`);
    try {
      const answer = await fetch(`${a.url}/v1/products`, { headers: { Authorization: 'Bearer t' } });
      expect(answer.status).toBe(508);
      expect(await proxyRefusal(answer, 'ProxyLoop')).toMatchObject({ error: 'ciclo_de_proxy', message: 'O pedido voltou a este proxy: o destino é o próprio proxy' });
      // A forwarded once, B once, then A refused: one line each, no more.
      expect(a.stdout().match(/GET \/v1\/products/g)).toHaveLength(2);
      expect(b.stdout().match(/GET \/v1\/products/g)).toHaveLength(1);
      expect(a.stdout()).toContain('GET /v1/products → 508 (it came back to this proxy)');
    } finally {
      await a.stop();
      await b.stop();
    }
    // A stopped proxy closes the socket it was given.
    expect(ofA.server.listening).toBe(false);
  });
});
