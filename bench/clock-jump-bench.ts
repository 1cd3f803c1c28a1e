/**
 * Clock-jump benchmark: npx tsx bench/clock-jump-bench.ts   — or `npm run bench:clock`
 *
 * Prints figures; asserts nothing. An app in process (in-memory store, frozen clock) with 50 weekly
 * subscriptions; then over real HTTP on 127.0.0.1: a jump of `maxCatchUpPeriods` weeks (the largest allowed)
 * while a reader sends `GET /v1/products` in a loop (the reads' latencies during the jump), and a ten-year jump
 * (refused with 400 before any billing).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../src/server/create-app.ts';
import { createClientRegistry } from '../src/clients/client-registry.ts';
import { createClock } from '../src/platform/clock.ts';
import { defaultConfig } from '../src/platform/config.ts';
import { createSecureRandom } from '../src/platform/random.ts';
import { openStore } from '../src/store/index.ts';

const config = defaultConfig({ seedData: 'none', logLevel: 'silent', tokens: { ttlSeconds: 31_536_000, limitPolicy: 'revoke-oldest' } });
const store = await openStore({});
const deps = { config, clients: createClientRegistry(config.clients), clock: createClock({ frozenAt: new Date('2026-03-02T10:00:00Z') }), random: createSecureRandom(), store };
const app = await createApp(deps);
const server = createServer(app.listener);
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

const token = ((await (await post('/v1/auth/token', { client_id: 'mock-client', client_secret: 'mock-secret' })).json()) as { data: { access_token: string } }).data.access_token;
const auth = { Authorization: `Bearer ${token}` };
for (let index = 0; index < 50; index += 1) {
  await post('/v1/subscriptions', { plan: { originPlanId: 'W', name: 'Semanal', price: 100, interval: 'weekly' }, customer: { merchantCustomerId: `C-${index}`, name: `Cliente ${index}` } }, auth);
}

const timedGet = async () => {
  const started = performance.now();
  await (await fetch(`${base}/v1/products`, { headers: auth })).arrayBuffer();
  return performance.now() - started;
};
const idle: number[] = [];
for (let index = 0; index < 20; index += 1) idle.push(await timedGet());

const during: number[] = [];
let jumping = true;
const reader = (async () => {
  while (jumping) during.push(await timedGet());
})();
const payments = store.count('payments');
const started = performance.now();
const jump = await post('/__admin/clock/advance', { seconds: config.maxCatchUpPeriods * 7 * 86_400 });
const jumpMs = performance.now() - started;
jumping = false;
await reader;

const refusedStart = performance.now();
const refused = await post('/__admin/clock/advance', { seconds: 10 * 365 * 86_400 });
const refusedMs = performance.now() - refusedStart;

const p = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))] ?? NaN;
console.log(`| figure | value |\n|---|---:|`);
console.log(`| jump of ${config.maxCatchUpPeriods} weeks over 50 weekly subscriptions: status | ${jump.status} |`);
console.log(`| … payments created | ${store.count('payments') - payments} |`);
console.log(`| … answer time (ms) | ${jumpMs.toFixed(0)} |`);
console.log(`| GET /v1/products idle p50 / max (ms) | ${p(idle, 0.5).toFixed(1)} / ${Math.max(...idle).toFixed(1)} |`);
console.log(`| GET during the jump: count, p50 / max (ms) | ${during.length}, ${p(during, 0.5).toFixed(1)} / ${Math.max(...during).toFixed(1)} |`);
console.log(`| ten-year jump: status, answer time (ms) | ${refused.status}, ${refusedMs.toFixed(0)} |`);
console.log(`| RSS after (MB) | ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} |`);
server.close();
