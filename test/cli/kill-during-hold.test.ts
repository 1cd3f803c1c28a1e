/**
 * A kill -9 during a held answer loses no acknowledged write: the built mock in a child process on a data file,
 * `network.timeout` armed with a long hold, an order placed (committed before the hold), SIGKILL while the answer is
 * held, a restart on the same data file: the order is there.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkedFetch, startCli, type Started } from '../support/cli.ts';

let dir = '';
let running: Started | undefined;
afterEach(async () => {
  running?.child.kill('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

const ORDER = { customer: { name: 'Ana', phone: '+258 84 000 0000' }, items: [{ name: 'Capulana', price: 350, quantity: 1 }] };

async function token(base: string): Promise<string> {
  const answer = await checkedFetch(`${base}/v1/auth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ client_id: 'mock-client', client_secret: 'mock-secret' }),
  });
  return (answer.body as { data: { access_token: string } }).data.access_token;
}

async function orderIds(base: string, bearer: string): Promise<string[]> {
  const listed = await checkedFetch(`${base}/v1/orders`, { headers: { Authorization: `Bearer ${bearer}` } });
  return ((listed.body as { data: Array<{ id: string }> }).data ?? []).map((order) => order.id);
}

describe('kill -9 during a held answer', () => {
  it('the order committed before the hold is there after a restart on the same data file', async () => {
    dir = await mkdtemp(join(tmpdir(), 'commerce-mock-hold-kill-'));
    const data = join(dir, 'db.json');
    const config = join(dir, 'mock.json');
    await writeFile(config, JSON.stringify({ timeouts: { heldAnswerSeconds: 120 } }));
    const flags = ['--data', data, '--config', config, '--seed-data', 'none'];
    running = await startCli(flags);
    const base = running.baseUrl;
    const bearer = await token(base);
    const armed = await fetch(`${base}/__admin/clients/mock-client/armed`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ outcome: 'network.timeout', operation: 'createOrder' }),
    });
    expect(armed.status).toBe(201);
    const held = fetch(`${base}/v1/orders`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(ORDER),
    }).then(
      (answer) => answer.status,
      (error: unknown) => error as Error,
    );
    // Acknowledged by the store (listed) while its answer is held: the moment to kill.
    let listed: string[] = [];
    for (let tries = 0; tries < 200 && listed.length === 0; tries += 1) {
      listed = await orderIds(base, bearer);
      if (listed.length === 0) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(listed).toHaveLength(1);
    running.child.kill('SIGKILL');
    await running.exited;
    // The client never read an answer: its connection died with the process.
    expect(await held).toBeInstanceOf(TypeError);

    running = await startCli(flags);
    expect(await orderIds(running.baseUrl, await token(running.baseUrl))).toEqual(listed);
    // The arm was spent in its own durable change before the order was handled: the restart keeps it spent.
    const arms = (await (await fetch(`${running.baseUrl}/__admin/clients/mock-client/armed`)).json()) as { data: Array<{ remaining: number }> };
    expect(arms.data.map((arm) => arm.remaining)).toEqual([0]);
  });
});
