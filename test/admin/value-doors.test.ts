/**
 * One value, one rule, whatever the door: a webhook URL, a clock instant and a client id are each refused the same
 * way (400 invalid_request) by every door that takes them (its admin route, tenant creation, a state import, the MCP
 * tool), and a refused value writes nothing: the mock's export is what it was.
 */
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/platform/config.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

type Json = Record<string, any>;
type Door = (t: TestApp, value: string) => Promise<{ status: number; error: string | undefined }>;

const JSON_RPC = { Accept: 'application/json, text/event-stream' };

/** An MCP tool call through the mock's own endpoint: a refusal is a tool error whose text starts with the admin code. */
async function tool(t: TestApp, name: string, args: Json) {
  const response = await t.http.post('/__admin/mcp').set(JSON_RPC).send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } });
  const result = response.body.result as { isError?: boolean; content: Array<{ text: string }> } | undefined;
  const text = result?.content.map((part) => part.text).join('') ?? JSON.stringify(response.body);
  return { status: result?.isError ? 400 : response.status, error: /^([a-z_]+):/.exec(text)?.[1] ?? text.slice(0, 80) };
}

const http = (answer: { status: number; body: Json }) => ({ status: answer.status, error: answer.body?.error as string | undefined });

/** The export less what moves by itself (when it was made, the clocks' offsets from real time). */
async function exported(t: TestApp): Promise<Json> {
  const { exportedAt: _at, ...state } = (await t.http.get('/__admin/state').expect(200)).body as Json;
  return JSON.parse(JSON.stringify(state, (key, value) => (key === 'offsetMs' ? undefined : value)));
}

async function importWith(t: TestApp, change: (state: Json) => void) {
  const state = (await t.http.get('/__admin/state').expect(200)).body as Json;
  change(state);
  return http(await t.http.put('/__admin/state').send(state));
}

const BAD_URLS = [
  'http://127.0.0.1:9/a b',
  'http://127.0.0.1:9/h?q="x"',
  'http://127.0.0.1:9/a|b',
  'http://127.0.0.1:9/%zz',
  'ftp://127.0.0.1:9/x',
  'http://user:pass@127.0.0.1:9/x',
  'http://169.254.169.254/latest',
  'http://127.0.0.1:9/__admin/reset',
  `http://127.0.0.1:9/${'a'.repeat(2001)}`,
  'not a url',
];

const BAD_INSTANTS = [
  '1969-12-31T23:59:59Z',
  '9000-01-01T00:00:01Z',
  '1970-01-01T00:30:00+01:00',
  '8999-12-31T23:30:00-01:00',
  '2030-01-01T00:00:00',
  '2030-02-30T00:00:00Z',
  '2030-01-01T23:59:60Z',
  'soon',
];

const BAD_CLIENT_IDS = ['..', '.', '', 'a b', 'é', 'x'.repeat(201)];

const URL_DOORS: Record<string, Door> = {
  'PUT /clients/{id}/webhook': async (t, url) => http(await t.http.put('/__admin/clients/mock-client/webhook').send({ url, secret: 'whsec-12345678' })),
  'POST /tenants': async (t, url) => http(await t.http.post('/__admin/tenants').send({ clientId: 'job-1', webhook: { url } })),
  'PUT /state': (t, url) => importWith(t, (state) => (state.webhooks.endpoints['mock-client'] = { url, secret: 'whsec-12345678', format: 'mock' })),
  'MCP create_tenant': (t, url) => tool(t, 'create_tenant', { clientId: 'job-1', webhookUrl: url }),
};

const INSTANT_DOORS: Record<string, Door> = {
  'POST /clock/set': async (t, at) => http(await t.http.post('/__admin/clock/set').send({ at })),
  'POST /clock (set, freeze)': async (t, set) => http(await t.http.post('/__admin/clock').send({ set, freeze: true })),
  'POST /clients/{id}/clock/set': async (t, at) => http(await t.http.post('/__admin/clients/mock-client/clock/set').send({ at })),
  'POST /tenants': async (t, at) => http(await t.http.post('/__admin/tenants').send({ clientId: 'job-1', clock: { frozenAt: at } })),
  'PUT /state': (t, at) => importWith(t, (state) => (state.clock.now = at)),
  "PUT /state (a client's own clock)": (t, at) => importWith(t, (state) => (state.clientClocks['mock-client'].now = at)),
  'MCP move_clock': (t, at) => tool(t, 'move_clock', { at }),
  'MCP create_tenant': (t, at) => tool(t, 'create_tenant', { clientId: 'job-1', frozenAt: at }),
};

const CLIENT_ID_DOORS: Record<string, Door> = {
  'POST /clients': async (t, clientId) => http(await t.http.post('/__admin/clients').send({ clientId, clientSecret: 'secret-1' })),
  'POST /tenants': async (t, clientId) => http(await t.http.post('/__admin/tenants').send({ clientId })),
  'PUT /state': (t, clientId) => importWith(t, (state) => state.clients.push({ clientId, clientSecret: 'secret-1', active: true })),
  'MCP create_tenant': (t, clientId) => tool(t, 'create_tenant', { clientId }),
};

/** What a door needs in place before the value is sent (counted in the state that must not change). */
const SETUP: Record<string, (t: TestApp) => Promise<unknown>> = {
  "PUT /state (a client's own clock)": (t) => t.http.post('/__admin/clients/mock-client/clock/freeze').expect(200),
};

const KINDS = [
  ['webhook URL', URL_DOORS, BAD_URLS],
  ['clock instant', INSTANT_DOORS, BAD_INSTANTS],
  ['client id', CLIENT_ID_DOORS, BAD_CLIENT_IDS],
] as const;

const cases = KINDS.flatMap(([kind, doors, values]) =>
  Object.entries(doors).flatMap(([door, send]) => values.map((value) => [kind, door, value.length > 60 ? `${value.slice(0, 40)}…(${value.length})` : value, send, value] as const)),
);

/** The configuration file, the door without a status: refused with a problem naming the field, the mock not started. */
/** The console's link to a trace: a configuration value only (the file, or env COMMERCE_MOCK_TRACE_URL through the same schema). */
const BAD_TRACE_URLS = ['http://127.0.0.1:16686/trace/', 'ftp://127.0.0.1/{traceId}', 'javascript:alert(1)//{traceId}', 'not a url {traceId}', ''];

const CONFIG_DOORS: Array<[string, readonly string[], (value: string) => unknown, string]> = [
  ['webhook URL', BAD_URLS, (url) => ({ clients: [{ clientId: 'c', clientSecret: 's', webhook: { url, secret: 'whsec-12345678' } }] }), 'clients.0.webhook.url'],
  ['trace URL', BAD_TRACE_URLS, (traceUrl) => ({ traceUrl }), 'traceUrl'],
  ['client id', BAD_CLIENT_IDS, (clientId) => ({ clients: [{ clientId, clientSecret: 's' }] }), 'clients.0.clientId'],
];

describe('the configuration file refuses the same values', () => {
  it.each(CONFIG_DOORS.flatMap(([kind, values, input, field]) => values.map((value) => [kind, value.slice(0, 60), input(value), field] as const)))(
    '%s %j: refused naming %s',
    (_kind, _shown, input, field) => {
      const result = parseConfig(input, 'mock.json');
      expect(result.ok ? [] : result.problems.join('\n')).toContain(`mock.json: ${field}`);
    },
  );
});

describe('every door refuses the same values the same way', () => {
  it.each(cases)('%s through %s: %j → 400 invalid_request, nothing written', async (_kind, door, _shown, send, value) => {
    const t = await createTestApp();
    await SETUP[door]?.(t);
    const before = await exported(t);
    expect(await send(t, value)).toEqual({ status: 400, error: 'invalid_request' });
    expect(await exported(t)).toEqual(before);
  });
});

describe("the mock's own export re-imports", () => {
  const EDGE_TENANTS: Json[] = [
    { clientId: '...', webhook: { url: 'http://127.0.0.1:9/a%20b?q=%22x%22#frag' } },
    { clientId: '%2e%2e', clock: { frozenAt: '1970-01-01T00:00:00Z' } },
    { clientId: '__proto__', clock: { frozenAt: '8999-12-31T23:59:59.999Z' } },
    { clientId: 'constructor', webhook: { url: 'http://[::1]:9/hooks', format: 'standard' } },
    { clientId: "!~'()*", clock: { frozenAt: '2030-01-01T00:00:00+14:00' } },
    { clientId: 'x'.repeat(200), webhook: { url: `http://127.0.0.1:9/${'a'.repeat(1970)}` } },
  ];

  it('after tenants made with edge-case values, GET /state goes back through PUT /state unchanged', async () => {
    const t = await createTestApp();
    for (const tenant of EDGE_TENANTS) await t.http.post('/__admin/tenants').send(tenant).expect(201);
    const before = await exported(t);
    expect(before.clients.map((client: Json) => client.clientId)).toEqual(expect.arrayContaining(EDGE_TENANTS.map((tenant) => tenant.clientId)));
    const state = (await t.http.get('/__admin/state').expect(200)).body as Json;
    await t.http.put('/__admin/state').send(state).expect(200);
    expect(await exported(t)).toEqual(before);
  });
});
