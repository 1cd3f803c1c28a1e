/**
 * A pass-through HTTP proxy in the test process, in front of a server in a child process: tools that cannot be
 * instrumented (curl in the README walk-through) go through it, and every answer is checked against
 * spec/openapi.yaml on the way back.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { validateAnswer } from './cli.ts';

export interface Proxy {
  url: string;
  /** How many answers were checked. */
  checked: () => number;
  close: () => Promise<void>;
}

export async function startValidatingProxy(target: string): Promise<Proxy> {
  let checked = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      forward(req, Buffer.concat(chunks))
        .then(async ({ status, headers, text }) => {
          const body = text === '' ? undefined : (JSON.parse(text) as unknown);
          await validateAnswer(`${target}${req.url ?? '/'}`, req.method ?? 'GET', { status, headers, body });
          checked += 1;
          res.writeHead(status, Object.fromEntries(headers));
          res.end(text);
        })
        // Answer the client in any case, so the test fails on the cause instead of a timeout.
        .catch((error: unknown) => {
          if (!res.headersSent) res.writeHead(502);
          res.end(String(error));
        });
    });
  });
  const forward = async (req: http.IncomingMessage, body: Buffer) => {
    const headers = Object.entries(req.headers).flatMap(([name, value]) =>
      name === 'host' || name === 'content-length' || value === undefined ? [] : [[name, String(value)] as [string, string]],
    );
    const response = await fetch(`${target}${req.url ?? '/'}`, {
      method: req.method ?? 'GET',
      headers,
      ...(body.length > 0 ? { body } : {}),
    });
    const outgoing = new Headers(response.headers);
    // fetch has already decoded and measured the body.
    for (const name of ['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive']) outgoing.delete(name);
    return { status: response.status, headers: outgoing, text: await response.text() };
  };
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    checked: () => checked,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
