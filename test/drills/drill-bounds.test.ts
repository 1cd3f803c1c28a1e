/**
 * Drills are bounded: against a receiver that accepts connections and never answers, at most 3 drills run for one
 * client and 10 in all (a start beyond is a 429 with Retry-After, and sends nothing); a running drill can always be
 * read back; every connection a drill opened is closed by its timeout; a finished drill is kept among the latest 20.
 */
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { Drill } from '../../src/drills/drill-run.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { runDrill, STANDARD_SECRET } from '../support/drill-support.ts';

interface SilentReceiver {
  url: string;
  /** Sockets accepted so far, and how many of them are still open. */
  accepted(): number;
  open(): number;
  close(): Promise<void>;
}

/** Accepts every connection, reads what comes and never answers. */
async function silentReceiver(): Promise<SilentReceiver> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server = createServer((socket) => {
    accepted += 1;
    sockets.add(socket);
    socket.on('data', () => undefined);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`,
    accepted: () => accepted,
    open: () => sockets.size,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const start = (t: TestApp, url: string, clientId = 'mock-client') => t.http.post('/__admin/drills').send({ url, clientId, secret: STANDARD_SECRET, timeoutSeconds: 1 });

async function untilAllEnded(t: TestApp, ids: readonly string[]): Promise<Drill[]> {
  const deadline = performance.now() + 120_000;
  for (;;) {
    const drills = await Promise.all(ids.map(async (id) => (await t.http.get(`/__admin/drills/${id}`).expect(200)).body.data as Drill));
    if (drills.every((drill) => drill.status !== 'running')) return drills;
    if (performance.now() > deadline) throw new Error('drills still running after 120 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('bounded drills', { timeout: 150_000 }, () => {
  it('runs at most 3 for one client and 10 in all against a silent receiver; the rest are 429 with Retry-After', async () => {
    const silent = await silentReceiver();
    cleanups.push(() => silent.close());
    const t = await createTestApp();
    const tenants = Array.from({ length: 4 }, (_, index) => `tenant-${index}`);
    for (const clientId of tenants) await t.http.post('/__admin/tenants').send({ clientId }).expect(201);

    const ids: string[] = [];
    for (let index = 0; index < 3; index += 1) ids.push((await start(t, silent.url).expect(202)).body.data.id as string);
    const ownBusy = await start(t, silent.url).expect(429);
    expect(ownBusy.body).toMatchObject({ error: 'muitas_requisicoes', message: 'Já correm 3 exercícios de webhooks do cliente mock-client (no máximo 3); tente de novo quando um terminar' });
    expect(ownBusy.headers['retry-after']).toBe('1');

    // Other clients still start theirs, up to 10 in all.
    for (const clientId of tenants) {
      for (let index = 0; index < 3 && ids.length < 10; index += 1) ids.push((await start(t, silent.url, clientId).expect(202)).body.data.id as string);
    }
    expect(ids).toHaveLength(10);
    const allBusy = await start(t, silent.url, 'tenant-3').expect(429);
    expect(allBusy.body.message).toBe('Já correm 10 exercícios de webhooks neste mock (no máximo 10); tente de novo quando um terminar');
    expect(allBusy.headers['retry-after']).toBe('1');

    // Every running drill can be read back, however many starts were tried meanwhile.
    for (let attempt = 0; attempt < 30; attempt += 1) await start(t, silent.url, tenants[attempt % tenants.length]).expect(429);
    for (const id of ids) expect((await t.http.get(`/__admin/drills/${id}`).expect(200)).body.data.status).toBe('running');

    const ended = await untilAllEnded(t, ids);
    expect(ended.map((drill) => drill.status)).toEqual(ids.map(() => 'failed'));
    // Each request was cut off at its timeout: nothing is left open at the receiver.
    expect(silent.accepted()).toBeGreaterThanOrEqual(10);
    await expect.poll(() => silent.open(), { timeout: 5000 }).toBe(0);
    // Once they ended, a new drill starts.
    await start(t, silent.url).expect(202);
  });

  it('keeps a finished drill among the latest 20 finished', async () => {
    const t = await createTestApp();
    // Nobody listens at port 2: each drill ends at once, unreachable.
    const finished: Drill[] = [];
    for (let index = 0; index < 21; index += 1) finished.push(await runDrill(t, { url: 'http://127.0.0.1:2/hooks', secret: STANDARD_SECRET }));
    expect(finished.every((drill) => drill.status === 'unreachable')).toBe(true);
    await t.http.get(`/__admin/drills/${finished[0]?.id}`).expect(404);
    for (const drill of finished.slice(1)) await t.http.get(`/__admin/drills/${drill.id}`).expect(200);
  });
});
