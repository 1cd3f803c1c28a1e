/**
 * Pact against OpenAPI: a contract passes only when each of its interactions asks for what spec/openapi.yaml
 * offers (an operation, a request it accepts, a declared status, a body of that status's schema), or for the
 * very refusal the service answers. Fixtures are small handcrafted pacts (test/pact-check/fixtures/).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkPactFile, type PactFileCheck, type PactReport } from '../../src/pact-check/pact-openapi-check.ts';
import { responseProblems } from '../../src/conformance/response-conformance.ts';
import { loadSpecDocument } from '../../src/openapi/spec-document.ts';
import { sharedRouter } from '../support/shared-router.ts';

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));

async function reportOf(file: string): Promise<PactReport> {
  const checked = await checkPactFile(file, await sharedRouter());
  if (!checked.readable) throw new Error(`${file}: ${checked.reason}`);
  return checked.report;
}

/** A V4 pact of these interactions, written to a file of its own. */
function pactFile(interactions: unknown[], name = 'pact.json'): string {
  const file = join(mkdtempSync(join(tmpdir(), 'pact-check-')), name);
  writeFileSync(file, JSON.stringify({ consumer: { name: 'app' }, provider: { name: 'api' }, interactions, metadata: { pactSpecification: { version: '4.0' } } }));
  return file;
}

const TOKEN = 'Bearer mat_Q2x8Lr5Tn1Vb7Yc3Md9Kf4Hp6Js0WaZ';
const json = (content: unknown) => ({ content, contentType: 'application/json', encoded: false });
const paid = { data: { orderId: 'ord_1', status: 'PAID', amount: 10, currency: 'MZN', updatedAt: '2025-03-14T09:42:10.000Z', order: { id: 'ord_1', orderId: 'ord_1', status: 'PAID', amount: 10 } } };

function statusPoll(request: Record<string, unknown>, response: Record<string, unknown> = { status: 200, body: json(paid) }) {
  return { type: 'Synchronous/HTTP', description: 'a status poll', request: { method: 'GET', path: '/v1/orders/ord_1/status', headers: { Authorization: [TOKEN] }, ...request }, response };
}

describe('pact-check on the fixtures', () => {
  it('allows every interaction of a contract built from the document examples: token, product create, order status', async () => {
    const report = await reportOf(join(FIXTURES, 'valid.v4.json'));
    expect(report).toEqual({
      file: join(FIXTURES, 'valid.v4.json'),
      consumer: 'merchant-app',
      provider: 'commerce-api',
      specification: 4,
      ok: true,
      interactions: [
        { description: 'a token request with client credentials', providerStates: ['client mock-client is active'], operationId: 'issueToken', ok: true, problems: [] },
        { description: 'a product create', providerStates: ['an access token is valid'], operationId: 'createProduct', ok: true, problems: [] },
        {
          description: 'the status of a paid order',
          providerStates: ['an access token is valid', 'order ord_T7XjTBPZhXonlx9yxLPr is paid'],
          operationId: 'getOrderStatus',
          ok: true,
          problems: [],
        },
      ],
      skipped: [],
      summary: { interactions: 3, allowed: 3, notAllowed: 0, skipped: 0 },
    });
  });

  it('the valid fixture holds the document examples themselves', () => {
    const pact = JSON.parse(readFileSync(join(FIXTURES, 'valid.v4.json'), 'utf8')) as { interactions: Array<{ request: { body?: { content: unknown } }; response: { body: { content: unknown } } }> };
    /** The value of a named example of the document, found by its path of keys. */
    const example = (...keys: string[]) => [...keys, 'value'].reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], loadSpecDocument());
    const token = ['paths', '/auth/token', 'post'];
    const create = ['paths', '/products/create', 'post'];
    const jsonExamples = ['content', 'application/json', 'examples'];
    const [issue, product, status] = pact.interactions;
    expect(issue?.request.body?.content).toEqual(example(...token, 'requestBody', ...jsonExamples, 'clientCredentials'));
    expect(issue?.response.body.content).toEqual(example(...token, 'responses', '200', ...jsonExamples, 'issued'));
    expect(product?.request.body?.content).toEqual(example(...create, 'requestBody', ...jsonExamples, 'product'));
    expect(product?.response.body.content).toEqual(example(...create, 'responses', '201', ...jsonExamples, 'created'));
    expect(status?.response.body.content).toEqual(example('paths', '/orders/{order_id}/status', 'get', 'responses', '200', ...jsonExamples, 'paid'));
  });

  it('names each interaction the service does not offer, with where and the operation', async () => {
    const report = await reportOf(join(FIXTURES, 'not-allowed.v4.json'));
    expect(report.ok).toBe(false);
    expect(report.summary).toEqual({ interactions: 5, allowed: 0, notAllowed: 5, skipped: 0 });
    expect(report.interactions).toEqual([
      { description: 'an unknown path', providerStates: [], ok: false, problems: [{ where: 'request.path', message: 'no operation at /v1/invoices' }] },
      {
        description: 'a wrong method',
        providerStates: [],
        ok: false,
        problems: [{ where: 'request.method', message: 'DELETE is not allowed on /v1/orders/ord_9Xk2Lp7QwE (allowed: GET)' }],
      },
      {
        description: 'a product without a name',
        providerStates: [],
        operationId: 'createProduct',
        ok: false,
        problems: [{ where: 'request.body', message: 'name: campo obrigatório' }],
      },
      {
        description: 'an order status answered 202',
        providerStates: [],
        operationId: 'getOrderStatus',
        ok: false,
        problems: [{ where: 'response.status', message: '202 is not declared for getOrderStatus (declared: 200, 400, 401, 403, 404, 405, 429, 500, 503)' }],
      },
      {
        description: 'an order status off schema',
        providerStates: [],
        operationId: 'getOrderStatus',
        ok: false,
        problems: [
          { where: 'response.body', message: 'data.amount: deve ser do tipo number' },
          { where: 'response.body', message: 'data.paidAt: not a field of 200 of getOrderStatus' },
        ],
      },
    ]);
  });

  it('allows an interaction that expects the refusal the service answers (404, 400, 401), a form body, and a webhook message', async () => {
    const report = await reportOf(join(FIXTURES, 'expected-refusals.v4.json'));
    expect(report.interactions.map(({ description, operationId, schema, ok, problems }) => ({ description, operationId, schema, ok, problems }))).toEqual([
      { description: 'a token request sent as a form', operationId: 'issueToken', schema: undefined, ok: true, problems: [] },
      { description: 'the status of an unknown order', operationId: 'getOrderStatus', schema: undefined, ok: true, problems: [] },
      { description: 'an order without items', operationId: 'createOrder', schema: undefined, ok: true, problems: [] },
      { description: 'a product list without a token', operationId: 'listProducts', schema: undefined, ok: true, problems: [] },
      { description: 'an order.status_changed webhook', operationId: undefined, schema: 'OrderStatusChangedEvent', ok: true, problems: [] },
    ]);
    expect(report.skipped).toEqual([]);
    expect(report.summary).toEqual({ interactions: 5, allowed: 5, notAllowed: 0, skipped: 0 });
  });

  it('checks webhook messages against the event schemas: a status, a field or a type the document lacks is not allowed', async () => {
    const message = (description: string, content: unknown, v3 = false) =>
      v3 ? { description, contents: content, metadata: { contentType: 'application/json' } } : { type: 'Asynchronous/Messages', description, contents: { content, contentType: 'application/json', encoded: false } };
    const paid = { id: 'evt_1', type: 'order.status_changed', createdAt: '2026-03-02T10:00:00.000Z', data: { orderId: 'ord_1', status: 'PAID' } };
    const dir = mkdtempSync(join(tmpdir(), 'message-pacts-'));
    const v4 = join(dir, 'v4.json');
    writeFileSync(v4, JSON.stringify({
      consumer: { name: 'shop' },
      provider: { name: 'commerce-api-webhooks' },
      metadata: { pactSpecification: { version: '4.0' } },
      interactions: [
        message('a paid order', paid),
        message('a shipped order', { ...paid, data: { orderId: 'ord_1', status: 'SHIPPED' } }),
        message('a tracked order', { ...paid, data: { ...paid.data, trackingCode: 'X1' } }),
        message('a refund', { ...paid, type: 'refund.created' }),
      ],
    }));
    const report = await reportOf(v4);
    expect(report.interactions.map(({ description, ok, problems }) => ({ description, ok, problems }))).toEqual([
      { description: 'a paid order', ok: true, problems: [] },
      { description: 'a shipped order', ok: false, problems: [{ where: 'message.contents', message: expect.stringMatching(/^data\.status: .*PAID, FAILED, CANCELLED/) }] },
      { description: 'a tracked order', ok: false, problems: [{ where: 'message.contents', message: 'data.trackingCode: not a field of OrderStatusChangedEvent' }] },
      {
        description: 'a refund',
        ok: false,
        problems: [{ where: 'message.contents.type', message: '"refund.created" is not a webhook event of the document (order.status_changed, payment.status_changed, subscription.status_changed)' }],
      },
    ]);
    const v3 = join(dir, 'v3.json');
    writeFileSync(v3, JSON.stringify({ consumer: { name: 'shop' }, provider: { name: 'hooks' }, metadata: { pactSpecification: { version: '3.0.0' } }, messages: [message('a paid order (V3)', paid, true)] }));
    expect((await reportOf(v3)).interactions).toMatchObject([{ description: 'a paid order (V3)', schema: 'OrderStatusChangedEvent', ok: true }]);
  });

  it('reads a V3 pact: query as a map of lists, provider states with params, bodies as values', async () => {
    const report = await reportOf(join(FIXTURES, 'orders.v3.json'));
    expect(report.specification).toBe(3);
    expect(report.interactions).toEqual([
      { description: 'paid orders, one per page', providerStates: ['an order is paid'], operationId: 'listOrders', ok: true, problems: [] },
      {
        description: 'orders with an unknown status',
        providerStates: [],
        operationId: 'listOrders',
        ok: false,
        problems: [{ where: 'request.query', message: 'status: deve ser um de: PENDING, PAID, FAILED, CANCELLED' }],
      },
    ]);
  });

  it('reads a V2 pact: query as text, providerState as one string, lower-case method and headers', async () => {
    const report = await reportOf(join(FIXTURES, 'orders.v2.json'));
    expect(report.specification).toBe(2);
    expect(report.interactions).toEqual([
      { description: 'a token request', providerStates: ['client mock-client is active'], operationId: 'issueToken', ok: true, problems: [] },
      {
        description: 'the second page of orders, 500 per page',
        providerStates: ['an access token is valid'],
        operationId: 'listOrders',
        ok: false,
        problems: [
          { where: 'request.query', message: 'limit: deve ser menor ou igual a 100' },
          { where: 'response.body', message: 'pagination.limit: deve ser menor ou igual a 100' },
        ],
      },
    ]);
  });
});

describe('pact-check on single interactions', () => {
  const problemsOf = async (interaction: unknown) => {
    const report = await reportOf(pactFile([interaction]));
    return report.interactions[0]?.problems;
  };

  it('refuses a path under none of the API prefixes', async () => {
    expect(await problemsOf(statusPoll({ path: '/orders/ord_1/status' }))).toEqual([
      { where: 'request.path', message: '/orders/ord_1/status is under none of the API prefixes (/api/v1, /api, /v1)' },
    ]);
  });

  it('refuses a protected operation without a bearer token unless the interaction expects 401', async () => {
    expect(await problemsOf(statusPoll({ headers: {} }))).toEqual([{ where: 'request.headers', message: 'getOrderStatus needs Authorization: Bearer <token>' }]);
    const expects401 = { status: 401, body: json({ error: 'invalid_token', message: 'Token ausente', requestId: 'r' }) };
    expect(await problemsOf(statusPoll({ headers: {} }, expects401))).toEqual([]);
  });

  it('reads header names in any case, and refuses an expected header the response does not declare', async () => {
    const response = { status: 200, headers: { 'X-REQUEST-ID': ['r-1'], 'ratelimit-limit': ['100'], 'X-Order-Version': ['3'] }, body: json(paid) };
    expect(await problemsOf(statusPoll({ headers: { AUTHORIZATION: [TOKEN] } }, response))).toEqual([
      { where: 'response.headers', message: 'x-order-version is not a header of 200 of getOrderStatus' },
    ]);
  });

  it('refuses a declared header value of the wrong type', async () => {
    const response = { status: 200, headers: { 'RateLimit-Remaining': ['many'] }, body: json(paid) };
    expect(await problemsOf(statusPoll({}, response))).toEqual([{ where: 'response.headers', message: 'ratelimit-remaining: must be integer' }]);
  });

  it('refuses a content type the operation does not take or answer', async () => {
    const tokenAsText = {
      type: 'Synchronous/HTTP',
      description: 'token as text',
      request: { method: 'POST', path: '/v1/auth/token', body: { content: 'client_id=a', contentType: 'text/plain', encoded: false } },
      response: { status: 200, body: { content: 'ok', contentType: 'text/plain', encoded: false } },
    };
    expect(await problemsOf(tokenAsText)).toEqual([
      { where: 'request.body', message: 'content type text/plain is not accepted by issueToken (accepted: application/json, application/x-www-form-urlencoded)' },
      { where: 'response.body', message: 'content type text/plain is not one of 200 of issueToken (application/json)' },
    ]);
  });

  it('a contract may expect the 415 the service answers to a form-encoded customer', async () => {
    const formCustomer = (status: number, body: object) => ({
      type: 'Synchronous/HTTP',
      description: 'a customer sent as a form',
      request: { method: 'POST', path: '/v1/customers', headers: { Authorization: [TOKEN] }, body: { content: 'name=FormCust', contentType: 'application/x-www-form-urlencoded', encoded: false } },
      response: { status, body: json(body) },
    });
    const refusal = {
      error: 'invalid_request',
      message: 'Content-Type não suportado por esta operação',
      requestId: 'r',
      details: [{ path: 'Content-Type', message: 'application/x-www-form-urlencoded não é aceite; esta operação aceita application/json' }],
    };
    expect(await problemsOf(formCustomer(415, refusal))).toEqual([]);
    expect(await problemsOf(formCustomer(201, { data: { id: 'cus_1', name: 'FormCust' } }))).toContainEqual({
      where: 'request.body',
      message: 'content type application/x-www-form-urlencoded is not accepted by createCustomer (accepted: application/json)',
    });
  });

  it('reads a base64 body, and refuses a body on an operation that takes none', async () => {
    const encoded = Buffer.from(JSON.stringify(paid)).toString('base64');
    expect(await problemsOf(statusPoll({}, { status: 200, body: { content: encoded, contentType: 'application/json', encoded: 'base64' } }))).toEqual([]);
    expect(await problemsOf(statusPoll({ body: json({ page: 1 }) }))).toEqual([{ where: 'request.body', message: 'getOrderStatus takes no body' }]);
  });

  it('refuses a refusal the service would not answer: 404 for an unknown path with a body off the error schema', async () => {
    // Partial, as every contract body: `{error}` alone is allowed (pact-check-limits.test.ts), a wrong type is not.
    const unknown = statusPoll({ path: '/v1/invoices' }, { status: 404, body: json({ error: 'not_found', message: 42 }) });
    expect(await problemsOf(unknown)).toEqual([{ where: 'response.body', message: 'message: deve ser do tipo string' }]);
  });
});

describe('pact-check on files that are not pacts', () => {
  const unreadable = async (file: string): Promise<PactFileCheck> => checkPactFile(file, await sharedRouter());

  it('names the file and the reason: missing, not JSON, not a pact, an interaction without a path', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pact-check-bad-'));
    writeFileSync(join(dir, 'text.json'), 'not json');
    writeFileSync(join(dir, 'other.json'), '{"name": "x"}');
    expect(await unreadable(join(dir, 'missing.json'))).toEqual({ readable: false, file: join(dir, 'missing.json'), reason: 'not found (no such file or directory) [ENOENT]' });
    expect(await unreadable(join(dir, 'text.json'))).toMatchObject({ readable: false, reason: expect.stringMatching(/^not JSON \(/) });
    expect(await unreadable(join(dir, 'other.json'))).toEqual({
      readable: false,
      file: join(dir, 'other.json'),
      reason: 'not a pact: consumer: Invalid input: expected object, received undefined',
    });
    const noPath = pactFile([{ type: 'Synchronous/HTTP', description: 'x', request: { method: 'GET' }, response: { status: 200 } }]);
    expect(await unreadable(noPath)).toEqual({ readable: false, file: noPath, reason: 'not a pact: interactions.0.request.path: Invalid input: expected string, received undefined' });
  });
});

describe('response conformance of a whole answer (the test suite uses it for every response)', () => {
  it('requires the headers the document requires and the body it declares', async () => {
    const router = await sharedRouter();
    const operation = router.operation('getOrderStatus');
    if (!operation) throw new Error('getOrderStatus is in the document');
    expect(responseProblems(router.backend, operation, { status: 200, headers: {} }, true)).toEqual([
      { where: 'response.headers', message: 'missing required header X-Request-Id' },
      { where: 'response.body', message: 'no body, while 200 of getOrderStatus declares one' },
    ]);
    expect(responseProblems(router.backend, operation, { status: 200, headers: { 'X-Request-Id': 'r' }, body: { kind: 'value', value: paid } }, true)).toEqual([]);
  });
});
