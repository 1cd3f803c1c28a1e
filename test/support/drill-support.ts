/** Drills through the admin API of an in-process app, and the receivers the drill tests judge. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect } from 'vitest';
import type { Drill } from '../../src/drills/drill-run.ts';
import { verifySignature } from '../../src/webhooks/signing.ts';
import type { TestApp } from './test-app.ts';

/** base64 of 32 bytes: a Standard Webhooks secret, as docs/webhooks.md tells how to make one. */
export const STANDARD_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSwMfKQ9r8GKYo=';
export const MOCK_SECRET = 'mock_format_secret_0123456789';

/** Starts a drill and reads it (every 20 ms, for at most `waitMs` of real time) until every case is judged. */
export async function runDrill(t: TestApp, body: Record<string, unknown>, waitMs = 20_000): Promise<Drill> {
  const started = await t.http.post('/__admin/drills').send(body).expect(202);
  let drill = started.body.data as Drill;
  const deadline = performance.now() + waitMs;
  while (drill.status === 'running') {
    if (performance.now() > deadline) throw new Error(`drill ${drill.id} still running after ${waitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    drill = (await t.http.get(`/__admin/drills/${drill.id}`).expect(200)).body.data as Drill;
  }
  return drill;
}

export function failedNames(drill: Drill): string[] {
  return drill.cases.filter((result) => result.verdict === 'failed').map((result) => result.name).sort();
}

export function expectAllPassed(drill: Drill): void {
  expect(drill.cases.filter((result) => result.verdict !== 'passed').map((result) => `${result.name}: ${result.reason}`)).toEqual([]);
  expect(drill.status).toBe('passed');
}

/** Servers of a test, closed after it. */
export function serversClosedAfterEach(): (server: Server) => Promise<string> {
  const started: Server[] = [];
  afterEach(async () => {
    for (const server of started.splice(0)) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
  return async (server) => {
    started.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
  };
}

/** A correct receiver of the mock format: the docs' verifySignature (5 minutes), then once per event id. */
export function mockFormatReceiver(secret: string): { server: Server; handled: string[] } {
  const handled: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const header = req.headers['x-mock-signature'];
      if (!verifySignature(raw, typeof header === 'string' ? header : undefined, secret, 300, Date.now() / 1000)) return void res.writeHead(400).end();
      res.writeHead(204).end();
      const { id } = JSON.parse(raw.toString('utf8')) as { id: string };
      if (!handled.includes(id)) handled.push(id);
    });
  });
  return { server, handled };
}

/** The example receiver of examples/receivers/, loaded as a user would run it. */
export async function exampleReceiver(secret: string): Promise<{ server: Server; handled: Array<{ id: string; type: string }> }> {
  const path = '../../examples/receivers/standard-webhooks-receiver.mjs';
  const module = (await import(path)) as { createReceiver(options: { secret: string }): { server: Server; handled: Array<{ id: string; type: string }> } };
  return module.createReceiver({ secret });
}
