/**
 * `commerce-mock proxy` in front of a second mock as the target: a clean pass reports no departure and records a
 * pact that verifies against the mock and a state a mock imports; a target whose answers a scenario changes is
 * reported with exactly the planted departures; a target that does not answer falls back to the mock.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/cli.ts';
import { startMock, type Mock } from '../../src/sdk/start-mock.ts';
import type { ProxyReport } from '../../src/proxy/drift-log.ts';
import { startCheckedMock } from '../support/mock-helpers.ts';
import { call, departuresOf, proxyRefusal, reportOf, startProxy, tokenThrough, type RunningProxy } from '../support/proxy-helpers.ts';

describe('a clean pass: the target answers as the document says', () => {
  let target: Mock;
  let proxy: RunningProxy;
  let report: ProxyReport;
  let productId: string;
  let exitCode: number;
  let token: string;
  // The real service's client: its secret and tokens must reach neither the output nor the recording.
  const REAL = { clientId: 'real-client', clientSecret: 'real-secret-7Hq2' };
  const dir = mkdtempSync(join(tmpdir(), 'proxy-clean-'));
  const record = join(dir, 'recorded');

  beforeAll(async () => {
    target = await startCheckedMock({ clients: [{ ...REAL, active: true }] });
    proxy = await startProxy(['--target', target.url, '--report', join(dir, 'drift'), '--record', record]);
    token = await tokenThrough(proxy.url, REAL);
    const product = await call(proxy.url, 'POST', '/v1/products/create', { token, body: { name: 'Capulana Premium', price: 1500 } });
    productId = (product.body.data as { id: string }).id;
    await call(proxy.url, 'GET', '/v1/products', { token });
    await call(proxy.url, 'GET', `/v1/products/${productId}`, { token });
    await call(proxy.url, 'POST', '/v1/customers', { token, body: { name: 'Ana Machava', phone: '+258 84 123 4567' } });
    const order = await call(proxy.url, 'POST', '/v1/orders', {
      token,
      body: { customer: { name: 'Ana Machava', phone: '+258 84 000 0000' }, items: [{ name: 'Capulana', price: 350, quantity: 2 }] },
    });
    await call(proxy.url, 'GET', `/v1/orders/${(order.body.data as { id: string }).id}/status`, { token });
    report = await reportOf(proxy);
    exitCode = await proxy.stop();
  }, 60_000);
  afterAll(() => target.stop());

  it('forwards requests and returns the answers: the record made through the proxy is in the target', async () => {
    const direct = await call(target.url, 'GET', `/v1/products/${productId}`, { token: await tokenThrough(target.url, REAL) });
    expect(direct.status).toBe(200);
    expect(direct.body.data).toMatchObject({ id: productId, name: 'Capulana Premium', price: 1500 });
  });

  it('reports every operation called, with its calls, and no departure', () => {
    expect(report.operations.map((operation) => [operation.operationId, operation.calls])).toEqual([
      ['createCustomer', 1],
      ['createOrder', 1],
      ['createProduct', 1],
      ['getOrderStatus', 1],
      ['getProduct', 1],
      ['issueToken', 1],
      ['listProducts', 1],
    ]);
    expect(departuresOf(report)).toEqual([]);
  });

  it('writes the report as JSON and Markdown when stopped, and never prints a credential', () => {
    expect(exitCode).toBe(0);
    expect(readdirSync(join(dir, 'drift')).sort()).toEqual(['proxy-report.json', 'proxy-report.md']);
    expect(proxy.stdout()).toContain(`reports in ${join(dir, 'drift')}: proxy-report.json, proxy-report.md\n`);
    expect(JSON.parse(readFileSync(join(dir, 'drift', 'proxy-report.json'), 'utf8'))).toEqual({ data: report });
    const markdown = readFileSync(join(dir, 'drift', 'proxy-report.md'), 'utf8');
    expect(markdown).toContain('**0 departures (0 breaking, 0 additive) over 7 operations.**');
    expect(markdown).toContain('| issueToken | 1 | 0 | 0 |  |  | no departure |  |');
    expect(proxy.stdout()).toContain('POST /v1/auth/token → 200');
    expect(proxy.stdout()).not.toContain(REAL.clientSecret);
    expect(proxy.stdout()).not.toContain(token);
  });

  it('records a pact with no secret in it that verifies against the mock', async () => {
    const pactFile = join(record, 'proxy-recording.pact.json');
    const text = readFileSync(pactFile, 'utf8');
    expect(text).not.toContain(REAL.clientSecret);
    expect(text).not.toContain(token);
    const pact = JSON.parse(text) as { interactions: Array<{ description: string }> };
    // The writes and the token request; the reads and the calls naming a record by id are left out.
    expect(pact.interactions.map((interaction) => interaction.description.replace(/ \(exchange \d+\)/, ''))).toEqual([
      'issueToken answering 200',
      'createProduct answering 201',
      'createCustomer answering 201',
      'createOrder answering 201',
    ]);
    let stdout = '';
    const io = { stdout: (line: string) => void (stdout += line), stderr: (line: string) => void (stdout += line), stop: new AbortController().signal };
    const code = await runCli(['node', 'commerce-mock', 'verify', '--pact', pactFile], {}, io);
    expect(stdout).toContain('4 verified, 0 failed, 0 not verifiable');
    expect(code).toBe(0);
  }, 60_000);

  it('records the real answers as a state a mock imports with PUT /__admin/state', async () => {
    const text = readFileSync(join(record, 'state.json'), 'utf8');
    expect(text).not.toContain(REAL.clientSecret);
    expect(text).not.toContain(token);
    const fresh = await startMock();
    try {
      const imported = await fetch(`${fresh.url}/__admin/state`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: text });
      expect(imported.status).toBe(200);
      const product = await call(fresh.url, 'GET', `/v1/products/${productId}`, { token: await tokenThrough(fresh.url) });
      expect(product.status).toBe(200);
      expect(product.body.data).toMatchObject({ id: productId, name: 'Capulana Premium' });
      const orders = await call(fresh.url, 'GET', '/v1/orders', { token: await tokenThrough(fresh.url) });
      expect((orders.body.data as unknown[]).length).toBe(1);
    } finally {
      await fresh.stop();
    }
  });
});

const DRIFT_SCENARIO = `
description: The target's answers depart from the document in four planted ways.
rules:
  - name: an-extra-field
    match: { method: GET, path: /v1/products }
    then:
      respond:
        status: 200
        body: { data: [], pagination: { page: 1, limit: 20, total: 0, totalPages: 0 }, cursor: next-page }
  - name: a-status-the-document-lacks
    match: { operation: createCustomer }
    then:
      respond: { status: 202, body: { data: { accepted: true } } }
  - name: a-missing-required-field
    match: { operation: getOrderStatus }
    then:
      respond:
        status: 200
        body: { data: { orderId: ord_1, status: PENDING, amount: 10, currency: MZN, updatedAt: '2025-03-14T09:30:00.000Z' } }
  - name: an-undocumented-error-code
    match: { operation: getProduct }
    then:
      respond: { status: 404, code: produto_inexistente, message: Produto inexistente }
`;

describe('a target whose answers a scenario changes', () => {
  let target: Mock;
  let proxy: RunningProxy;

  beforeAll(async () => {
    const scenarios = mkdtempSync(join(tmpdir(), 'proxy-drift-'));
    writeFileSync(join(scenarios, 'drift.yaml'), DRIFT_SCENARIO);
    target = await startMock({ scenariosDir: scenarios, scenario: 'drift' });
    // Userinfo in the target URL is a credential too: it is shown nowhere.
    proxy = await startProxy(['--target', target.url.replace('http://', 'http://someone:hidden-pw@')]);
  });
  afterAll(async () => {
    await proxy.stop();
    await target.stop();
  });

  it('reports each planted departure once per operation and path, with its count, and nothing else', async () => {
    const token = await tokenThrough(proxy.url);
    await call(proxy.url, 'GET', '/v1/products', { token });
    await call(proxy.url, 'GET', '/v1/products?page=1', { token });
    const customer = await call(proxy.url, 'POST', '/v1/customers', { token, body: { name: 'Ana Machava' } });
    expect(customer.status).toBe(202);
    await call(proxy.url, 'GET', '/v1/orders/ord_1/status', { token });
    const product = await call(proxy.url, 'GET', '/v1/products/prod_1', { token });
    // The answer comes back unchanged: the drift is reported, not corrected.
    expect(product).toMatchObject({ status: 404, body: { error: 'produto_inexistente', message: 'Produto inexistente' } });
    const report = await reportOf(proxy);
    expect(departuresOf(report)).toEqual([
      'createCustomer breaking response.status ×1',
      'getOrderStatus breaking response.body.data.order ×1',
      'getProduct breaking response.body.error ×1',
      'listProducts additive response.body.cursor ×2',
    ]);
    expect(report.operations.find((operation) => operation.operationId === 'listProducts')?.calls).toBe(2);
    expect(report.operations.find((operation) => operation.operationId === 'issueToken')?.departures).toEqual([]);
    expect(report.target).toBe(`${target.url}/`);
    expect(proxy.stdout()).not.toContain('hidden-pw');
  });
});

describe('a target that does not answer', () => {
  // A server that drops every connection as it comes, held for the whole block: the port stays its own. (A stopped
  // server's port, used after, could be handed to the next server bound to port 0: the fallback mock itself, once.)
  const dropping = createServer((socket) => socket.destroy());
  let closed: string;
  beforeAll(async () => {
    await new Promise<void>((resolve) => dropping.listen(0, '127.0.0.1', resolve));
    closed = `http://127.0.0.1:${(dropping.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => dropping.close(() => resolve())));

  it('is answered by the mock with --fallback mock, which issues its own clients\' tokens and accepts them', async () => {
    const proxy = await startProxy(['--target', closed, '--fallback', 'mock']);
    try {
      const products = await call(proxy.url, 'GET', '/v1/products', { token: await tokenThrough(proxy.url) });
      expect(products.status).toBe(200);
      expect(Array.isArray(products.body.data)).toBe(true);
      const report = await reportOf(proxy);
      expect(report.operations).toEqual([
        { operationId: 'issueToken', calls: 0, bodiesNotJudged: 0, answeredByMock: 1, departures: [] },
        { operationId: 'listProducts', calls: 0, bodiesNotJudged: 0, answeredByMock: 1, departures: [] },
      ]);
    } finally {
      await proxy.stop();
    }
  });

  it('answers 502 destino_inalcancavel without a fallback, and judges nothing', async () => {
    const proxy = await startProxy(['--target', closed]);
    try {
      const answer = await fetch(`${proxy.url}/v1/products`, { headers: { Authorization: 'Bearer x' } });
      expect(answer.status).toBe(502);
      expect(await proxyRefusal(answer, 'TargetUnreachable')).toMatchObject({ error: 'destino_inalcancavel', message: 'O serviço de destino não respondeu' });
      expect((await reportOf(proxy)).operations).toEqual([]);
    } finally {
      await proxy.stop();
    }
  });
});

describe('an operation the target answers 501', () => {
  it('is answered by the mock with --fallback mock; the others by the target, judged', async () => {
    const scenarios = mkdtempSync(join(tmpdir(), 'proxy-501-'));
    writeFileSync(join(scenarios, 'partial.yaml'), 'rules:\n  - match: { operation: listPayments }\n    then: { respond: { status: 501, code: nao_implementado, message: Nao implementado } }\n');
    const target = await startMock({ scenariosDir: scenarios, scenario: 'partial' });
    const proxy = await startProxy(['--target', target.url, '--fallback', 'mock']);
    try {
      const token = await tokenThrough(proxy.url);
      expect((await call(proxy.url, 'GET', '/v1/payments', { token })).status).toBe(200);
      expect((await call(proxy.url, 'GET', '/v1/customers', { token })).status).toBe(200);
      const report = await reportOf(proxy);
      expect(report.operations.map(({ operationId, calls, answeredByMock }) => [operationId, calls, answeredByMock])).toEqual([
        ['issueToken', 1, 0],
        ['listCustomers', 1, 0],
        ['listPayments', 0, 1],
      ]);
      expect(departuresOf(report)).toEqual([]);
    } finally {
      await proxy.stop();
      await target.stop();
    }
  });
});

describe('usage', () => {
  const run = async (args: string[]) => {
    let stderr = '';
    const io = { stdout: () => undefined, stderr: (text: string) => void (stderr += text), stop: new AbortController().signal };
    return { code: await runCli(['node', 'commerce-mock', 'proxy', ...args], {}, io), stderr };
  };

  it('refuses a run without --target, or with a target that is not an http(s) URL (exit 2), and writes no report', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'proxy-usage-'));
    expect(await run(['--report', join(dir, 'r')])).toMatchObject({ code: 2, stderr: expect.stringContaining("required option '--target <url>' not specified") });
    expect(await run(['--target', 'ftp://example.test', '--report', join(dir, 'r')])).toMatchObject({ code: 2, stderr: expect.stringContaining('expected an http(s) URL') });
    expect(await run(['--target', 'http://127.0.0.1:1', '--port', '70000'])).toMatchObject({ code: 2, stderr: expect.stringContaining('expected a port') });
    expect(await run(['--target', 'http://127.0.0.1:1', '--fallback', 'prism'])).toMatchObject({ code: 2, stderr: expect.stringContaining('Allowed choices are mock') });
    expect(existsSync(join(dir, 'r'))).toBe(false);
  });

  it('refuses a --report that names a file, or a path under one (exit 2), before it listens; the file is kept', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'proxy-usage-'));
    const file = join(dir, 'a-file');
    writeFileSync(file, 'kept');
    expect(await run(['--target', 'http://127.0.0.1:1', '--port', '0', '--report', file])).toEqual({
      code: 2,
      stderr: `commerce-mock proxy: --report ${file}: a file is there; --report names a folder (made when missing) for proxy-report.json, proxy-report.md\n`,
    });
    expect(await run(['--target', 'http://127.0.0.1:1', '--port', '0', '--report', join(file, 'r')])).toMatchObject({ code: 2, stderr: expect.stringContaining(`: ${file} is a file;`) });
    expect(readdirSync(dir)).toEqual(['a-file']);
    expect(readFileSync(file, 'utf8')).toBe('kept');
  });
});
