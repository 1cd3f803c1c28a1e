/** startMock as a test suite uses it: defaults, each option's effect, refusals that name the problem, stop. */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { Server, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Mock } from '../../src/sdk/start-mock.ts';
import { startMock } from '../../src/index.ts';
import { call, startCheckedMock, tokenFor } from '../support/mock-helpers.ts';

let dir: string;
const started: Mock[] = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'commerce-mock-api-'));
});

afterEach(async () => {
  await Promise.all(started.splice(0).map((mock) => mock.stop()));
  await rm(dir, { recursive: true, force: true });
});

async function start(options: Parameters<typeof startCheckedMock>[0] = {}): Promise<Mock> {
  const mock = await startCheckedMock(options);
  started.push(mock);
  return mock;
}

async function productNames(mock: Mock): Promise<string[]> {
  const answer = await call(mock, 'GET', '/v1/products?limit=100', { token: await tokenFor(mock) });
  return (answer.body.data as Array<{ name: string }>).map((product) => product.name);
}

describe('startMock', () => {
  it('with no option: listens on a free loopback port, silently, and answers a token request with mock.credentials', async () => {
    const stdout = vi.spyOn(process.stdout, 'write');
    const stderr = vi.spyOn(process.stderr, 'write');
    const mock = await startMock();
    started.push(mock);
    expect(mock.url).toBe(`http://127.0.0.1:${mock.port}`);
    expect(mock.port).toBeGreaterThan(0);
    expect(mock.credentials).toEqual({ clientId: 'mock-client', clientSecret: 'mock-secret' });
    const answer = await call(mock, 'POST', '/v1/auth/token', {
      body: { client_id: mock.credentials.clientId, client_secret: mock.credentials.clientSecret },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    await mock.stop();
    expect(stdout).not.toHaveBeenCalled();
    expect(stderr).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it('seed: the same seed gives the same dataset, another seed another one', async () => {
    const [first, twin, other] = await Promise.all([start({ seed: 7 }), start({ seed: 7 }), start({ seed: 8 })]);
    const names = await productNames(first);
    expect(names.length).toBeGreaterThan(0);
    expect(await productNames(twin)).toEqual(names);
    expect(await productNames(other)).not.toEqual(names);
  });

  it('seedData none: an empty catalogue', async () => {
    expect(await productNames(await start({ seedData: 'none' }))).toEqual([]);
  });

  it('scenario: active globally from the start, and it drives orders', async () => {
    const mock = await start({ scenario: 'order-failed' });
    expect((await mock.admin.scenarios.active()).global).toBe('order-failed');
    const token = await tokenFor(mock);
    const placed = await call(mock, 'POST', '/v1/orders', {
      token,
      body: { customer: { name: 'Ana' }, items: [{ name: 'Capulana', price: 350, quantity: 1 }] },
    });
    const orderId = (placed.body.data as { id: string }).id;
    const status = await call(mock, 'GET', `/v1/orders/${orderId}/status`, { token });
    expect((status.body.data as { status: string }).status).toBe('FAILED');
  });

  it('clients: the first active one is mock.credentials, and the default clients are gone', async () => {
    const mock = await start({
      clients: [
        { clientId: 'off-shop', clientSecret: 'off-secret', active: false },
        { clientId: 'shop-a', clientSecret: 'secret-a' },
      ],
    });
    expect(mock.credentials).toEqual({ clientId: 'shop-a', clientSecret: 'secret-a' });
    expect(await tokenFor(mock)).toEqual(expect.any(String));
    const refused = await call(mock, 'POST', '/v1/auth/token', { body: { client_id: 'mock-client', client_secret: 'mock-secret' } });
    expect([refused.status, refused.body.error]).toEqual([401, 'CLIENT_INVALIDO']);
  });

  it('dataFile: state is written there and found again by the next mock', async () => {
    const dataFile = join(dir, 'state', 'db.json');
    await mkdir(join(dir, 'state'));
    const first = await start({ dataFile, seedData: 'none' });
    const created = await call(first, 'POST', '/v1/products/create', { token: await tokenFor(first), body: { name: 'Kept', price: 10 } });
    expect(created.status).toBe(201);
    await first.stop();
    expect(await readFile(dataFile, 'utf8')).toContain('"Kept"');
    expect(await productNames(await start({ dataFile }))).toEqual(['Kept']);
  });

  it('in memory by default: two mocks on port 0 run side by side, each with its own port and state', async () => {
    const [one, two] = await Promise.all([start({ seedData: 'none' }), start({ seedData: 'none' })]);
    expect(one.port).not.toBe(two.port);
    await call(one, 'POST', '/v1/products/create', { token: await tokenFor(one), body: { name: 'Only in one', price: 10 } });
    expect(await productNames(one)).toEqual(['Only in one']);
    expect(await productNames(two)).toEqual([]);
  });

  it('stop() closes the socket it listened on, and a second stop() resolves too', async () => {
    // Seen on the server itself: binding the released port again, or calling it, would race with any process the
    // OS hands that port to in between.
    const listen = vi.spyOn(Server.prototype, 'listen');
    let listened: Server[] = [];
    const mock = await startMock().finally(() => {
      listened = [...(listen.mock.contexts as Server[])];
      listen.mockRestore();
    });
    const server = listened.find((candidate) => (candidate.address() as AddressInfo | null)?.port === mock.port);
    expect(server?.listening).toBe(true);
    await mock.stop();
    await mock.stop();
    expect(server?.listening).toBe(false);
  });

  it('a non-loopback host: mock.admin carries the admin token, mock.url stays reachable', async () => {
    const mock = await start({ host: '0.0.0.0', adminToken: 'admin-secret-1' });
    expect(mock.url).toBe(`http://127.0.0.1:${mock.port}`);
    expect((await mock.admin.clock.get()).frozen).toBe(false);
  });
});

describe('startMock refuses', () => {
  it.each([
    [{ port: -1 }, /^startMock: option port: .*>=0/],
    [{ prot: 4010 }, /^startMock: unknown option "prot"$/],
    [{ data: 'x.json' }, /^startMock: option data: not taken; give dataFile/],
    [{ reset: true }, /^startMock: option reset without dataFile: a data file is needed: in memory every start is afresh, and there is nothing to move aside$/],
    [{ tokens: { ttlSeconds: 0 } }, /^startMock: option tokens\.ttlSeconds: /],
    [{ scenario: 'no-such' }, /^startMock: option scenario: unknown scenario "no-such" \(known: /],
    [{ clients: [] }, /^startMock: option clients: /],
  ])('%j, naming the option', async (options, message) => {
    await expect(startMock(options as never)).rejects.toThrow(message);
  });

  it('a corrupt dataFile, naming the file and leaving it as it was', async () => {
    const dataFile = join(dir, 'db.json');
    await writeFile(dataFile, '{ not json');
    await expect(startMock({ dataFile })).rejects.toThrow(dataFile);
    expect(await readFile(dataFile, 'utf8')).toBe('{ not json');
  });

  it('a port in use, naming the address; the mock holding it goes on answering', async () => {
    const holder = await start();
    await expect(startMock({ port: holder.port })).rejects.toThrow(`startMock: cannot listen on 127.0.0.1:${holder.port}: the port is in use (EADDRINUSE)`);
    expect(await tokenFor(holder)).toEqual(expect.any(String));
  });

  it('stop() rejects when the store cannot write its last snapshot', async () => {
    const dataFile = join(dir, 'db.json');
    const mock = await startMock({ dataFile });
    // lowdb writes through a temporary file beside the data file: a directory in its place makes that write fail.
    await mkdir(join(dir, '.db.json.tmp'));
    await expect(mock.stop()).rejects.toThrow("startMock: the store's last write failed");
  });
});
