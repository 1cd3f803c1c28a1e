/**
 * Soak: `npm run bench:soak -- [--minutes 30] [--workers 8] [--tenants 0] [--sample-seconds 15] [--mock-hours-per-minute 24]`
 *
 * Prints figures; asserts nothing. Spawns the built mock (dist/, as `npm start` runs it, a data file of its own,
 * rate limit off) on 127.0.0.1 and sends it mixed traffic with token churn for `--minutes`: each worker, with a
 * client of its own, takes a token with its credentials, reads (products, an order, its status, payments), renews
 * the access token with its refresh token, reads again and revokes the refresh token (which revokes both access
 * tokens). The mock clock is advanced so that 24 h of mock time pass every real minute (the tokens' retention
 * window, docs/errors.md); nothing is created after the start, since orders and the like are kept by design. Every
 * `--sample-seconds` it prints the server's RSS, the data file's size (snapshot + journal), requests per second
 * and the answers by status; at the end, per third of the run, the ranges and means of RSS and of the request rate
 * and the data file's range, and the verdict: flat when the last third's RSS peak is within 1.10× of the first
 * third's.
 *
 * `--default-client` seeds the default dataset and adds a worker on the default client (`mock-client`) that reads
 * and writes on the global clock: the lists, a seeded order and its status, a product synced again and again under
 * one `originProductId` with a new price (a journal line each time, one record), and its token renewed by refresh
 * when a clock move expires it.
 *
 * `--tenants N` adds N tenants (`POST /__admin/tenants`, seeded, each on a frozen clock of its own) that are deleted
 * and created again every minute, each driven by a worker of its own that writes as well as reads: a token, an
 * order, its status polled until it ends, the lists, and its own clock moved; what a shared mock whose CI jobs come
 * and go lives through.
 */
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { MOCK_NODE_FLAGS, ROOT } from './servers.ts';
import { request, rssMiB, spawnServer, stopServer } from './startup-support.ts';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '30' },
    workers: { type: 'string', default: '8' },
    tenants: { type: 'string', default: '0' },
    'default-client': { type: 'boolean', default: false },
    'sample-seconds': { type: 'string', default: '15' },
    'mock-hours-per-minute': { type: 'string', default: '24' },
  },
});
const minutes = Number(values.minutes);
const workers = Number(values.workers);
const tenants = Number(values.tenants);
const defaultClient = values['default-client'];
const TENANT_LIFETIME_MS = 60_000;
const sampleSeconds = Number(values['sample-seconds']);
const ADVANCE_EVERY_S = 5;
const advanceSeconds = Math.round((Number(values['mock-hours-per-minute']) * 3600 * ADVANCE_EVERY_S) / 60);

const dir = await mkdtemp(join(tmpdir(), 'commerce-mock-soak-'));
const dataFile = join(dir, 'db.json');
const clients = Array.from({ length: workers }, (_, index) => ({ clientId: `soak-${index}`, clientSecret: `soak-secret-${index}`, active: true }));
const defaultOne = { clientId: 'mock-client', clientSecret: 'mock-secret', active: true };
await writeFile(join(dir, 'config.json'), JSON.stringify({ clients: defaultClient ? [defaultOne, ...clients] : clients }));
const args = [...MOCK_NODE_FLAGS, join(ROOT, 'bin', 'commerce-mock.js'), 'start', '--port', '0', '--rate-limit', 'off', '--log-level', 'error'];
const server = await spawnServer([...args, '--data', dataFile, '--seed-data', defaultClient ? 'default' : 'none', '--config', join(dir, 'config.json')], ROOT);
const { port } = server;

const statuses = new Map<number, number>();
let requests = 0;
let failures = 0;
async function send(method: string, path: string, options: { body?: unknown; token?: string } = {}): Promise<{ status: number; body: string }> {
  try {
    const answer = await request(port, method, path, options);
    requests += 1;
    statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    return answer;
  } catch {
    failures += 1;
    return { status: 0, body: '' };
  }
}
const dataOf = (answer: { body: string }) => (JSON.parse(answer.body) as { data: Record<string, string> }).data;

/** One order per client, placed once: what the reads read. */
async function prepare(client: (typeof clients)[number]): Promise<string> {
  const token = dataOf(await send('POST', '/v1/auth/token', { body: { client_id: client.clientId, client_secret: client.clientSecret } }));
  const order = { customer: { name: 'Ana Machava', phone: '+258 84 123 4567' }, items: [{ name: 'Capulana', price: 350, quantity: 1 }] };
  const placed = dataOf(await send('POST', '/v1/orders', { body: order, token: token['access_token']! }));
  await send('POST', '/v1/auth/token/revoke', { body: { token: token['refresh_token'] }, token: token['access_token']! });
  return placed['id']!;
}

async function churn(client: (typeof clients)[number], orderId: string, until: number): Promise<void> {
  const reads = (token: string) =>
    Promise.all(['/v1/products', `/v1/orders/${orderId}`, `/v1/orders/${orderId}/status`, '/v1/payments'].map((path) => send('GET', path, { token })));
  while (performance.now() < until) {
    const issued = await send('POST', '/v1/auth/token', { body: { client_id: client.clientId, client_secret: client.clientSecret } });
    if (issued.status !== 200) continue;
    const { access_token: access, refresh_token: refresh } = dataOf(issued);
    await reads(access!);
    const renewed = await send('POST', '/v1/auth/token/refresh', { body: { refresh_token: refresh } });
    if (renewed.status === 200) await reads(dataOf(renewed)['access_token']!);
    await send('POST', '/v1/auth/token/revoke', { body: { token: refresh }, token: access! });
  }
}

/** A tenant made, used for a minute, deleted and made again, until the end. */
async function tenantChurn(index: number, until: number): Promise<void> {
  const clientId = `soak-tenant-${index}`;
  const order = { customer: { name: 'Ana Machava', phone: '+258 84 123 4567' }, items: [{ name: 'Capulana', price: 350, quantity: 1 }] };
  while (performance.now() < until) {
    await send('DELETE', `/__admin/tenants/${clientId}`);
    const made = await send('POST', '/__admin/tenants', { body: { clientId, clock: { frozenAt: '2030-03-01T08:00:00Z' } } });
    if (made.status !== 201) continue;
    const secret = dataOf(made)['clientSecret']!;
    const lifeEnds = Math.min(until, performance.now() + TENANT_LIFETIME_MS);
    const issued = await send('POST', '/v1/auth/token', { body: { client_id: clientId, client_secret: secret } });
    if (issued.status !== 200) continue;
    // One token for the tenant's life: its clock moves 10 minutes a round, so it expires and is renewed as a client does.
    let { access_token: token, refresh_token: refresh } = dataOf(issued) as { access_token: string; refresh_token: string };
    while (performance.now() < lifeEnds) {
      if ((await send('GET', '/v1/products?limit=1', { token })).status === 401) {
        const renewed = await send('POST', '/v1/auth/token/refresh', { body: { refresh_token: refresh } });
        if (renewed.status !== 200) break;
        ({ access_token: token, refresh_token: refresh } = dataOf(renewed) as { access_token: string; refresh_token: string });
      }
      const placed = await send('POST', '/v1/orders', { body: order, token });
      const orderId = placed.status === 201 ? dataOf(placed)['id'] : undefined;
      for (let poll = 0; poll < 4 && orderId; poll += 1) await send('GET', `/v1/orders/${orderId}/status`, { token });
      await Promise.all(['/v1/orders?limit=20', '/v1/payments?limit=20', '/v1/products?limit=20'].map((path) => send('GET', path, { token })));
      await send('POST', `/__admin/clients/${clientId}/clock/advance`, { body: { seconds: 600 } });
    }
  }
}

/** The default client, on the global clock: reads and writes that change records without adding any. */
async function defaultClientWork(until: number): Promise<void> {
  const credentials = { client_id: 'mock-client', client_secret: 'mock-secret' };
  let { access_token: token, refresh_token: refresh } = dataOf(await send('POST', '/v1/auth/token', { body: credentials })) as { access_token: string; refresh_token: string };
  const seeded = (JSON.parse((await send('GET', '/v1/orders?limit=1', { token })).body) as { data: Array<{ id: string }> }).data[0]?.id;
  let round = 0;
  while (performance.now() < until) {
    round += 1;
    if ((await send('GET', '/v1/products?limit=20', { token })).status === 401) {
      const renewed = await send('POST', '/v1/auth/token/refresh', { body: { refresh_token: refresh } });
      const fresh = renewed.status === 200 ? renewed : await send('POST', '/v1/auth/token', { body: credentials });
      ({ access_token: token, refresh_token: refresh } = dataOf(fresh) as { access_token: string; refresh_token: string });
      continue;
    }
    await send('POST', '/v1/products/sync', { body: { originProductId: 'SOAK-DEFAULT-1', name: 'Capulana', price: 100 + (round % 500) }, token });
    const reads = ['/v1/orders?limit=20', '/v1/payments?limit=20', '/v1/customers?limit=20', ...(seeded ? [`/v1/orders/${seeded}`, `/v1/orders/${seeded}/status`] : [])];
    await Promise.all(reads.map((path) => send('GET', path, { token })));
  }
}

async function dataMiB(): Promise<number> {
  const size = async (file: string) => (await stat(file).catch(() => ({ size: 0 }))).size;
  return ((await size(dataFile)) + (await size(`${dataFile}.journal`))) / 1024 / 1024;
}

interface Sample {
  atS: number;
  rss: number;
  data: number;
  /** Requests answered a second since the sample before. */
  rate: number;
}
const samples: Sample[] = [];
const started = performance.now();
const until = started + minutes * 60_000;
const orders = await Promise.all(clients.map(prepare));
const advancing = setInterval(() => void send('POST', '/__admin/clock/advance', { body: { seconds: advanceSeconds } }), ADVANCE_EVERY_S * 1000);
let lastRequests = 0;
console.log(`soak: ${minutes} min, ${workers} workers, ${tenants} tenants re-created every ${TENANT_LIFETIME_MS / 1000} s${defaultClient ? ', the default client reading and writing' : ''}, mock clock +${advanceSeconds} s every ${ADVANCE_EVERY_S} s, pid ${server.child.pid}`);
console.log('| t (s) | RSS MiB | data file MiB | req/s | answers by status |');
console.log('|--:|--:|--:|--:|---|');
const sampling = setInterval(() => {
  void dataMiB().then((data) => {
    const rate = (requests - lastRequests) / sampleSeconds;
    lastRequests = requests;
    const sample = { atS: Math.round((performance.now() - started) / 1000), rss: rssMiB(server.child.pid), data, rate };
    samples.push(sample);
    const answers = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`).join(', ');
    console.log(`| ${sample.atS} | ${sample.rss.toFixed(1)} | ${data.toFixed(2)} | ${rate.toFixed(0)} | ${answers}${failures ? `, no answer: ${failures}` : ''} |`);
  });
}, sampleSeconds * 1000);

await Promise.all([...clients.map((client, index) => churn(client, orders[index]!, until)), ...Array.from({ length: tenants }, (_, index) => tenantChurn(index, until)), ...(defaultClient ? [defaultClientWork(until)] : [])]);
clearInterval(advancing);
clearInterval(sampling);
await stopServer(server.child);
const afterStop = await dataMiB();
await rm(dir, { recursive: true, force: true });

const thirds = [0, 1, 2].map((third) => samples.filter((_, index) => Math.floor((index * 3) / samples.length) === third));
const range = (list: Sample[], pick: (sample: Sample) => number, digits = 1) =>
  list.length === 0 ? '—' : `${Math.min(...list.map(pick)).toFixed(digits)}–${Math.max(...list.map(pick)).toFixed(digits)}`;
const mean = (list: Sample[], pick: (sample: Sample) => number, digits = 1) =>
  list.length === 0 ? '—' : (list.reduce((sum, sample) => sum + pick(sample), 0) / list.length).toFixed(digits);
console.log(`\n${requests} requests in ${((performance.now() - started) / 1000).toFixed(0)} s; 5xx: ${[...statuses].filter(([status]) => status >= 500).reduce((sum, [, count]) => sum + count, 0)}; no answer: ${failures}`);
console.log('| third of the run | samples | RSS MiB (min–max) | RSS MiB, mean | data file MiB (min–max) | req/s (min–max) | req/s, mean |');
console.log('|---|--:|--:|--:|--:|--:|--:|');
thirds.forEach((list, index) =>
  console.log(
    `| ${index + 1} | ${list.length} | ${range(list, (sample) => sample.rss)} | ${mean(list, (sample) => sample.rss)} | ${range(list, (sample) => sample.data)} | ` +
      `${range(list, (sample) => sample.rate, 0)} | ${mean(list, (sample) => sample.rate, 0)} |`,
  ),
);
console.log(`data file after the stop (its checkpoint): ${afterStop.toFixed(2)} MiB`);
const peakOf = (list: Sample[]) => Math.max(...list.map((sample) => sample.rss));
if (thirds[0]!.length > 0 && thirds[2]!.length > 0) {
  const ratio = peakOf(thirds[2]!) / peakOf(thirds[0]!);
  console.log(`RSS: the last third's peak is ${ratio.toFixed(2)}× the first third's (flat: within 1.10×): ${ratio <= 1.1 ? 'flat' : 'NOT flat'}`);
}
