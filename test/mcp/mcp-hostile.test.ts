/**
 * The MCP endpoint under hostile input: it answers behind exactly the admin API's guards (a foreign Origin, a
 * foreign Host, a non-loopback host without the admin token), a body that is no JSON-RPC message is a JSON-RPC
 * error with nothing run, a message over 64 KiB is 413 and a batch 400 (a message that never finishes: the slow-clients
 * test in test/cli/), an unknown tool and arguments off the schema are the SDK's errors, and a tool call for one
 * tenant never changes another's world.
 */
import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../support/test-app.ts';

const ADMIN_TOKEN = 'let-me-in-please';
const ARM = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'arm_outcome', arguments: { outcome: 'payer.INSUFFICIENT_BALANCE' } } };
const JSON_RPC = { Accept: 'application/json, text/event-stream' };

const armed = async (t: TestApp, clientId = 'mock-client', headers: Record<string, string> = {}) =>
  (await t.http.get(`/__admin/clients/${clientId}/armed`).set(headers).expect(200)).body.data as Array<{ outcome: string }>;

/** One tool call through the endpoint: the tool's result, read from the JSON-RPC response. */
async function callTool(t: TestApp, name: string, args: Record<string, unknown>, headers: Record<string, string> = {}) {
  const response = await t.http.post('/__admin/mcp').set({ ...JSON_RPC, ...headers }).send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }).expect(200);
  const result = response.body.result as { isError?: boolean; content: Array<{ text: string }> };
  return { isError: result.isError === true, text: result.content.map((part) => part.text).join('') };
}

describe('the MCP endpoint behind the admin guards', () => {
  it('a page of another origin is refused with 403 origem_recusada, as on every admin route, and nothing is armed', async () => {
    const t = await createTestApp();
    const refused = await t.http.post('/__admin/mcp').set({ ...JSON_RPC, Origin: 'http://evil.example', 'Sec-Fetch-Site': 'cross-site' }).send(ARM).expect(403);
    expect(refused.body).toMatchObject({ error: 'origem_recusada' });
    expect(await armed(t)).toEqual([]);
  });

  it('a foreign Host without the admin token is refused with 403 host_recusado (DNS rebinding), nothing armed', async () => {
    const t = await createTestApp();
    const refused = await t.http.post('/__admin/mcp').set({ ...JSON_RPC, Host: 'rebound.evil.example' }).send(ARM).expect(403);
    expect(refused.body).toMatchObject({ error: 'host_recusado' });
    expect(await armed(t)).toEqual([]);
  });

  it('on a non-loopback host: 401 invalid_token without the admin token; with it, the tool arms through its own admin call', async () => {
    const t = await createTestApp({ host: '0.0.0.0', adminToken: ADMIN_TOKEN });
    for (const headers of [{}, bearer('wrong-token')]) {
      const refused = await t.http.post('/__admin/mcp').set({ ...JSON_RPC, ...headers }).send(ARM).expect(401);
      expect(refused.body).toMatchObject({ error: 'invalid_token', message: 'Token de administração ausente ou inválido' });
    }
    expect(await armed(t, 'mock-client', bearer(ADMIN_TOKEN))).toEqual([]);
    const done = await callTool(t, 'arm_outcome', { outcome: 'payer.INSUFFICIENT_BALANCE' }, bearer(ADMIN_TOKEN));
    expect(done.isError).toBe(false);
    expect(await armed(t, 'mock-client', bearer(ADMIN_TOKEN))).toEqual([expect.objectContaining({ outcome: 'payer.INSUFFICIENT_BALANCE' })]);
  });

  it('GET and DELETE answer 405 allowing POST: no stream, no session', async () => {
    const t = await createTestApp();
    for (const method of ['get', 'delete'] as const) {
      const response = await t.http[method]('/__admin/mcp').set(JSON_RPC).expect(405);
      expect(response.headers['allow']).toBe('POST');
    }
  });
});

describe('the MCP endpoint under malformed messages', () => {
  it.each([
    ['an object that is no JSON-RPC message', { hello: 'world' }],
    ['a tool call of JSON-RPC 1.0', { ...ARM, jsonrpc: '1.0' }],
    ['a tool call without a method name', { jsonrpc: '2.0', id: 7, params: ARM.params }],
  ])('%s: a JSON-RPC error -32600 with id null, status 400, nothing armed', async (_name, body) => {
    const t = await createTestApp();
    const response = await t.http.post('/__admin/mcp').set(JSON_RPC).send(body).expect(400);
    expect(response.body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request: not a JSON-RPC 2.0 message' } });
    expect(await armed(t)).toEqual([]);
  });

  it('a body that is not a JSON object is refused by the document (400 invalid_request); a form, 415', async () => {
    const t = await createTestApp();
    const array = await t.http.post('/__admin/mcp').set(JSON_RPC).send([ARM]).expect(400);
    expect(array.body.error).toBe('invalid_request');
    await t.http.post('/__admin/mcp').type('form').send('a=1').expect(415);
    expect(await armed(t)).toEqual([]);
  });

  it('a notification is accepted with 202 and no body', async () => {
    const t = await createTestApp();
    const response = await t.http.post('/__admin/mcp').set(JSON_RPC).send({ jsonrpc: '2.0', method: 'notifications/initialized' }).expect(202);
    expect(response.text).toBe('');
  });

  it('an unknown method is the JSON-RPC error -32601 of the SDK', async () => {
    const t = await createTestApp();
    const response = await t.http.post('/__admin/mcp').set(JSON_RPC).send({ jsonrpc: '2.0', id: 'x', method: 'no/such-method' }).expect(200);
    expect(response.body).toMatchObject({ jsonrpc: '2.0', id: 'x', error: { code: -32601 } });
  });

  it('an unknown tool and arguments off the schema are the SDK errors, as tool results with isError; nothing armed', async () => {
    const t = await createTestApp();
    expect(await callTool(t, 'no_such_tool', {})).toEqual({ isError: true, text: 'MCP error -32602: Tool no_such_tool not found' });
    const offSchema = await callTool(t, 'arm_outcome', { outcome: 'payer.INSUFFICIENT_BALANCE', times: 0 });
    expect(offSchema.isError).toBe(true);
    expect(offSchema.text).toMatch(/^MCP error -32602: Input validation error: Invalid arguments for tool arm_outcome/);
    expect((await callTool(t, 'arm_outcome', {})).text).toMatch(/^MCP error -32602: Input validation error/);
    expect(await armed(t)).toEqual([]);
  });
});

describe('the MCP endpoint under huge messages', () => {
  it('a message over the admin API\'s 64 KiB is refused with 413 before any tool runs; nothing armed', async () => {
    const t = await createTestApp();
    const huge = { ...ARM, params: { ...ARM.params, arguments: { ...ARM.params.arguments, padding: 'x'.repeat(70 * 1024) } } };
    const refused = await t.http.post('/__admin/mcp').set(JSON_RPC).send(huge).expect(413);
    expect(refused.body).toMatchObject({ error: 'invalid_request', message: 'Corpo do pedido excede o limite de 64 KiB' });
    expect(await armed(t)).toEqual([]);
  });

  it('a batch of 300 tool calls (under 64 KiB) is no JSON-RPC message of this endpoint: 400, nothing armed', async () => {
    const t = await createTestApp();
    const batch = Array.from({ length: 300 }, (_, id) => ({ ...ARM, id }));
    expect(JSON.stringify(batch).length).toBeLessThan(64 * 1024);
    await t.http.post('/__admin/mcp').set(JSON_RPC).send(batch).expect(400);
    expect(await armed(t)).toEqual([]);
  });
});

describe('tenants through the MCP tools', () => {
  it("a tool call for tenant A (arm, clock, reset, disarm) never changes tenant B's world", async () => {
    const t = await createTestApp();
    for (const clientId of ['job-a', 'job-b']) await t.http.post('/__admin/tenants').send({ clientId, seedData: 'default' }).expect(201);
    const worldOf = async (clientId: string) => ({
      armed: await armed(t, clientId),
      // A frozen clock's offset from real time grows as real time passes; what it reads is what a change would move.
      clock: (({ now, frozen, own }) => ({ now, frozen, own }))((await t.http.get(`/__admin/clients/${clientId}/clock`).expect(200)).body.data),
      orders: (await t.http.get(`/__admin/clients/${clientId}/orders`).expect(200)).body.pagination.total,
    });
    await callTool(t, 'arm_outcome', { clientId: 'job-b', outcome: 'payer.INSUFFICIENT_BALANCE' });
    const before = await worldOf('job-b');
    for (const [name, args] of [
      ['arm_outcome', { clientId: 'job-a', outcome: 'payer.INSUFFICIENT_BALANCE', times: 3 }],
      ['move_clock', { clientId: 'job-a', seconds: 86_400 }],
      ['run_until_idle', { clientId: 'job-a', maxSeconds: 3600 }],
      ['activate_scenario', { clientId: 'job-a', name: 'slow-payment' }],
      ['reset', { clientId: 'job-a' }],
      ['disarm_outcomes', { clientId: 'job-a' }],
    ] as const) {
      expect((await callTool(t, name, args)).isError, name).toBe(false);
    }
    expect(await worldOf('job-b')).toEqual(before);
    expect((await t.http.get('/__admin/scenarios/active').expect(200)).body.data.clients).toEqual({ 'job-a': 'slow-payment' });
    const story = await callTool(t, 'world_status', { clientId: 'job-b' });
    expect(JSON.parse(story.text)).toMatchObject({ clientId: 'job-b', scenario: null, armedOutcomes: [{ outcome: 'payer.INSUFFICIENT_BALANCE' }] });
  });

  it('a journal entry or an order of another client is not found through a tool', async () => {
    const t = await createTestApp();
    await t.http.post('/__admin/tenants').send({ clientId: 'job-b', clientSecret: 'job-b-secret' }).expect(201);
    const issued = await t.http.post('/v1/auth/token').send({ client_id: 'job-b', client_secret: 'job-b-secret' }).expect(200);
    const requestId = issued.headers['x-request-id'] as string;
    expect((await callTool(t, 'open_journal_entry', { clientId: 'job-b', requestId })).isError).toBe(false);
    expect(await callTool(t, 'open_journal_entry', { requestId })).toEqual({ isError: true, text: `not_found: no request ${requestId} in the journal of client mock-client` });
    const searched = JSON.parse((await callTool(t, 'search_journal', {})).text) as { entries: unknown[] };
    expect(searched.entries).toEqual([]);
  });
});
