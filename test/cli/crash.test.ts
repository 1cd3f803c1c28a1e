/**
 * The real CLI on a data file, killed (SIGKILL) at seeded random moments while 8 clients create products: after
 * each kill the data file opens again, the mock serves, and every create that was answered 201 is there.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { seededFractions } from '../../src/platform/random.ts';
import { checkedFetch, startCli, type Started } from '../support/cli.ts';

const ROUNDS = 10;
/** Every round issues a token on the same data file: the oldest makes room (5 active at most). */
const FLAGS = (data: string) => ['--data', data, '--seed-data', 'none', '--rate-limit', 'off', '--token-limit-policy', 'revoke-oldest'];
const CLIENTS = 8;

let dir = '';
let running: Started | undefined;
afterEach(async () => {
  running?.child.kill('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

async function post(base: string, path: string, body: unknown, token?: string): Promise<{ status: number; body: { data?: { id?: string; access_token?: string } } }> {
  const response = await checkedFetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: response.body as { data?: { id?: string; access_token?: string } } };
}

describe('killed while writing', () => {
  it(`keeps every acknowledged create across ${ROUNDS} kills at random moments`, async () => {
    dir = await mkdtemp(join(tmpdir(), 'commerce-mock-crash-'));
    const data = join(dir, 'db.json');
    // Seeded, so the kill moments are the same on every run.
    const random = seededFractions(8);
    const acknowledged: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      running = await startCli(FLAGS(data));
      const { baseUrl, child } = running;
      const login = await post(baseUrl, '/v1/auth/token', { client_id: 'mock-client', client_secret: 'mock-secret' });
      const token = login.body.data?.access_token ?? '';
      const killAfter = 5 + Math.floor(random() * 120);
      let acknowledgedThisRound = 0;
      let killed = false;
      const client = async (index: number) => {
        for (let i = 0; !killed && i < 1_000; i += 1) {
          const created = await post(baseUrl, '/v1/products/create', { name: `r${round}-c${index}-${i}`, price: 1 }, token).catch(() => undefined);
          if (created?.status === 201 && created.body.data?.id) {
            acknowledged.push(created.body.data.id);
            acknowledgedThisRound += 1;
          }
          if (!killed && acknowledgedThisRound >= killAfter) {
            killed = true;
            child.kill('SIGKILL');
          }
        }
      };
      await Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index)));
      await running.exited;
    }
    running = await startCli(FLAGS(data));
    const login = await post(running.baseUrl, '/v1/auth/token', { client_id: 'mock-client', client_secret: 'mock-secret' });
    const stored = new Set<string>();
    for (let page = 1; ; page += 1) {
      const response = await checkedFetch(`${running.baseUrl}/v1/products?limit=100&page=${page}`, { headers: { Authorization: `Bearer ${login.body.data?.access_token}` } });
      const body = response.body as { data: Array<{ id: string }> };
      body.data.forEach((product) => stored.add(product.id));
      if (body.data.length < 100) break;
    }
    expect(acknowledged.length).toBeGreaterThanOrEqual(ROUNDS * 5);
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
  }, 60_000);
});
