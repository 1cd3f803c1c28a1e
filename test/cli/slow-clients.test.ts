/** Slow clients (slowloris) are cut: headers and whole requests have a time limit, enforced within a second or so. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/cli.ts';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** The mock, in process, with the given config file; resolves with its port once listening. */
async function startWith(config: string): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), 'commerce-mock-slow-'));
  const file = join(dir, 'mock.yaml');
  await writeFile(file, config);
  let listening = '';
  const stop = new AbortController();
  // --log-level silent prints no banner: a program learns the URL through `listening`.
  const io = { stdout: () => undefined, stderr: () => undefined, stop: stop.signal, listening: (url: string) => (listening = url) };
  const exited = runCli(['node', 'commerce-mock', 'start', '--in-memory', '--port', '0', '--log-level', 'silent', '--config', file], {}, io);
  cleanups.push(async () => {
    stop.abort('SIGTERM');
    expect(await exited).toBe(0);
    await rm(dir, { recursive: true, force: true });
  });
  for (let waited = 0; waited < 10_000; waited += 20) {
    const port = /^http:\/\/127\.0\.0\.1:(\d+)$/.exec(listening)?.[1];
    if (port) return Number(port);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the mock did not start');
}

/** Send `text` and never finish; resolves with what the server answered and when it closed the socket. */
function stall(port: number, text: string): Promise<{ answer: string; afterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let answer = '';
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('close', () => resolve({ answer, afterMs: Date.now() - started }));
    socket.on('error', reject);
  });
}

describe('slow clients', () => {
  it('a client that never finishes its headers gets 408 and is cut once the headers timeout passes', async () => {
    const port = await startWith('timeouts: { headersSeconds: 0.5, requestSeconds: 2 }\n');
    const { answer, afterMs } = await stall(port, 'GET /v1/products HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(afterMs).toBeGreaterThanOrEqual(400);
    expect(afterMs).toBeLessThan(3_000);
  });

  it('a client that never finishes its body is cut once the request timeout passes', async () => {
    const port = await startWith('timeouts: { headersSeconds: 0.5, requestSeconds: 1 }\n');
    const headers = 'POST /v1/customers HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":';
    const { answer, afterMs } = await stall(port, headers);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(afterMs).toBeLessThan(4_000);
  });

  it('an MCP message that never finishes is cut once the request timeout passes, and no tool ran', async () => {
    const port = await startWith('timeouts: { headersSeconds: 0.5, requestSeconds: 1 }\n');
    const message = '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"arm_outcome","arguments":{"outcome":"payer.WRONG_PIN"}}}';
    const headers = `POST /__admin/mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: ${message.length}\r\n\r\n`;
    const { answer, afterMs } = await stall(port, headers + message.slice(0, -10));
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(afterMs).toBeLessThan(4_000);
    const listed = await fetch(`http://127.0.0.1:${port}/__admin/clients/mock-client/armed`);
    expect(((await listed.json()) as { data: unknown[] }).data).toEqual([]);
  });
});
