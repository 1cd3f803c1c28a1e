import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkedFetch, runCli, startCli, type Started } from '../support/cli.ts';

let dir: string;
const running: Started[] = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'commerce-mock-cli-'));
});

afterEach(async () => {
  for (const server of running.splice(0)) server.child.kill('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

async function start(args: string[]): Promise<Started> {
  const server = await startCli(args);
  running.push(server);
  return server;
}

async function token(baseUrl: string): Promise<string> {
  const response = await issueToken(baseUrl);
  return response.data.access_token;
}

async function issueToken(baseUrl: string) {
  const response = await checkedFetch(`${baseUrl}/v1/auth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ client_id: 'mock-client', client_secret: 'mock-secret' }),
  });
  return response.body as { data: { access_token: string; expires_in: number } };
}

async function call(baseUrl: string, path: string, accessToken: string, body?: unknown) {
  const response = await checkedFetch(`${baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: response.body as { data: unknown; error?: string } };
}

describe('command line', () => {
  it.each([
    [['start', '--port', 'abc'], '--port'],
    [['start', '--rate-limit', 'lots'], '--rate-limit'],
    [['start', '--token-limit-policy', 'maybe'], '--token-limit-policy'],
    [['start', '--bogus'], '--bogus'],
    [['start', '--admin-token', 'short'], '--admin-token'],
    [['start', '--public-url', 'not a url'], '--public-url'],
    [['start', '--in-memory', '--data', 'db.json'], '--in-memory and --data'],
    // Bounds are the config schema's, checked once for flags, env and config file alike.
    [['start', '--port', '70000'], '--port'],
    [['start', '--token-ttl', '0'], '--token-ttl'],
    [['start', '--seed', '2147483648'], '--seed'],
    [['start', '--rate-limit', '0'], '--rate-limit'],
    [['start', '--max-catch-up-periods', '0'], '--max-catch-up-periods'],
    [['start', '--max-catch-up-periods', 'many'], '--max-catch-up-periods'],
    [['start', '--cors-origins', 'http://ok.example,not-an-origin'], '--cors-origins'],
  ])('exits 2 on a bad option %j, naming it', async (args, named) => {
    const result = await runCli(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(named);
  });

  it('exits 2 on an invalid config file, naming the file and the field', async () => {
    const file = join(dir, 'mock.yaml');
    await writeFile(file, 'tokens:\n  ttlSeconds: -5\n');
    const result = await runCli(['start', '--config', file]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(file);
    expect(result.stderr).toContain('tokens.ttlSeconds');
  });

  it('exits 2 when a config file asks for both inMemory and data, as the command line would', async () => {
    const file = join(dir, 'mock.yaml');
    await writeFile(file, 'inMemory: true\ndata: db.json\n');
    const result = await runCli(['start', '--config', file]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`--config ${file}: inMemory and data: exclude each other`);
  });

  it('exits 2 on a config file that does not exist or parse', async () => {
    const missing = await runCli(['start', '--config', join(dir, 'nope.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('nope.json');
    const broken = join(dir, 'broken.json');
    await writeFile(broken, '{"clients": [');
    const parsed = await runCli(['start', '--config', broken]);
    expect(parsed.code).toBe(2);
    expect(parsed.stderr).toContain('broken.json');
  });

  it('announces base URLs, default credentials and the admin URL; serves; stops on SIGTERM with exit 0', async () => {
    const data = join(dir, 'db.json');
    const server = await start(['--data', data]);
    expect(server.stdout()).toMatch(/\/v1\b/);
    expect(server.stdout()).toContain('/api/v1');
    expect(server.stdout()).toContain('client_id=mock-client client_secret=mock-secret');
    expect(server.stdout()).toMatch(/client_id=inactive-client client_secret=inactive-secret +\(deactivated/);
    expect(server.stdout()).toContain('/__admin');
    const accessToken = await token(server.baseUrl);
    const created = await call(server.baseUrl, '/v1/products/create', accessToken, { name: 'Capulana', price: 350 });
    expect(created.status).toBe(201);
    // --port 0: links the mock hands out carry the address it really listens on.
    const order = await call(server.baseUrl, '/v1/orders', accessToken, { customer: { name: 'Ana' }, items: [{ name: 'X', price: 1, quantity: 1 }] });
    expect((order.body.data as { checkout: string }).checkout).toMatch(new RegExp(`^${server.baseUrl}/checkout/ord_`));
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const snapshot = await readFile(data, 'utf8');
    expect(snapshot).toContain('Capulana');
    expect(await readFile(`${data}.journal`, 'utf8')).toBe('');
  });

  it('keeps clients’ tokens and records across a restart of a file-backed server', async () => {
    const data = join(dir, 'db.json');
    const first = await start(['--data', data, '--seed-data', 'none']);
    const accessToken = await token(first.baseUrl);
    const created = await call(first.baseUrl, '/v1/customers', accessToken, { name: 'Ana Muianga' });
    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);
    const second = await start(['--data', data, '--seed-data', 'none']);
    const list = await call(second.baseUrl, '/v1/customers', accessToken);
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([created.body.data]);
  });

  it('never loses an acknowledged write when killed', async () => {
    const data = join(dir, 'db.json');
    const first = await start(['--data', data, '--seed-data', 'none']);
    const accessToken = await token(first.baseUrl);
    const ids: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      const created = await call(first.baseUrl, '/v1/products/create', accessToken, { name: `P${i}`, price: i });
      ids.push((created.body.data as { id: string }).id);
    }
    first.child.kill('SIGKILL');
    await first.exited;
    const second = await start(['--data', data, '--seed-data', 'none']);
    const list = await call(second.baseUrl, '/v1/products?limit=100', accessToken);
    expect((list.body.data as Array<{ id: string }>).map((product) => product.id).sort()).toEqual(ids.sort());
  });

  it('refuses a corrupt data file, leaving it untouched and naming both ways out; --set-aside-unreadable sets it aside and says so', async () => {
    const data = join(dir, 'db.json');
    await writeFile(data, '{"version": 1, "collections": {');
    const refused = await runCli(['start', '--port', '0', '--data', data]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(data);
    expect(refused.stderr).toContain('--reset moves it aside as <file>.reset-<time>; --set-aside-unreadable does so only when it cannot be read');
    expect(await readFile(data, 'utf8')).toBe('{"version": 1, "collections": {');
    const started = await runCli(['start', '--port', '0', '--data', data, '--set-aside-unreadable', '--log-level', 'error'], {
      whileListening: async (baseUrl) => expect((await call(baseUrl, '/v1/products', await token(baseUrl))).status).toBe(200),
    });
    const aside = (await readdir(dir)).find((name) => name.startsWith('db.json.corrupt-'));
    expect(aside).toBeDefined();
    expect(await readFile(join(dir, aside as string), 'utf8')).toBe('{"version": 1, "collections": {');
    expect(started.stdout).toContain(`\n  set aside        ${data} could not be read (not valid JSON`);
    expect(started.stdout).toContain(`: moved to ${join(dir, aside as string)}; started afresh\n`);
    expect(started.stdout).not.toContain('restored');
  });

  it('--set-aside-unreadable keeps a readable data file\'s state', async () => {
    const data = join(dir, 'db.json');
    const made = await runCli(['start', '--port', '0', '--data', data, '--log-level', 'error'], {
      whileListening: async (baseUrl) => expect((await call(baseUrl, '/v1/products/create', await token(baseUrl), { name: 'Kept', price: 1 })).status).toBe(201),
    });
    expect(made.code).toBe(0);
    const again = await runCli(['start', '--port', '0', '--data', data, '--set-aside-unreadable', '--log-level', 'error'], {
      whileListening: async (baseUrl) => {
        const list = await call(baseUrl, '/v1/products?limit=100', await token(baseUrl));
        expect((list.body.data as Array<{ name: string }>).map((product) => product.name)).toContain('Kept');
      },
    });
    expect(again.stdout).toContain('\n  restored         ');
    expect(await readdir(dir)).toEqual(['db.json', 'db.json.journal']);
  });

  it('--max-catch-up-periods bounds a clock move, over the config file key maxCatchUpPeriods', async () => {
    const file = join(dir, 'mock.yaml');
    await writeFile(file, 'maxCatchUpPeriods: 1000\n');
    // The seeded monthly subscriptions: 200 days is about 7 periods, past a bound of 3, within one of 1000.
    const jump = (bound: string[]) =>
      runCli(['start', '--in-memory', '--port', '0', '--log-level', 'silent', '--config', file, ...bound], {
        whileListening: async (baseUrl) => {
          const moved = await fetch(`${baseUrl}/__admin/clock/advance`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ seconds: 200 * 86_400 }),
          });
          result.push({ status: moved.status, body: await moved.json() });
        },
      });
    const result: Array<{ status: number; body: unknown }> = [];
    expect((await jump(['--max-catch-up-periods', '3'])).code).toBe(0);
    expect(result[0]?.status).toBe(400);
    expect(result[0]?.body).toMatchObject({ error: 'invalid_request', details: [{ path: 'seconds', message: expect.stringContaining('mais de 3 períodos') }] });
    expect((await jump([])).code).toBe(0);
    expect(result[1]?.status).toBe(200);
  });

  it('applies --token-ttl and --seed-data none; the default seeds the dataset', async () => {
    const empty = await start(['--in-memory', '--seed-data', 'none', '--token-ttl', '60']);
    const body = await issueToken(empty.baseUrl);
    expect(body.data.expires_in).toBe(60);
    const none = await call(empty.baseUrl, '/v1/products', body.data.access_token);
    expect((none.body as unknown as { pagination: { total: number } }).pagination.total).toBe(0);
    const seeded = await start(['--in-memory']);
    const products = await call(seeded.baseUrl, '/v1/products', await token(seeded.baseUrl));
    expect((products.body as unknown as { pagination: { total: number } }).pagination.total).toBe(20);
  });

  it('writes the same stores on two starts with the same seed, each timestamp as far from its start', async () => {
    const files = [join(dir, 'a.json'), join(dir, 'b.json')];
    for (const file of files) {
      const server = await start(['--data', file, '--seed', '7']);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
    const [a, b] = await Promise.all(files.map((file) => readFile(file, 'utf8')));
    expect(a?.length).toBeGreaterThan(10_000);
    // Every instant written as its distance from the dataset's start instant.
    const relative = (text: string) => {
      const start = Date.parse((JSON.parse(text) as { meta: { dataset: { generatedAt: string } } }).meta.dataset.generatedAt);
      return text.replace(/"(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)"/g, (_, iso: string) => `"start${Date.parse(iso) - start}"`);
    };
    expect(relative(b as string)).toBe(relative(a as string));
  });
});
