/**
 * Logs as a user of `commerce-mock start` sees them (the CLI in process): --log-format json lines parse, one access
 * line per request; --log-level warn drops the access log; silent prints nothing at all; no secret is printed.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkedFetch, runCli } from '../support/cli.ts';

const ADMIN_TOKEN = 'admin-token-kept-out-of-logs';
const START = ['start', '--in-memory', '--port', '0'];
const WAIT = { stopAfterMs: 60_000 };

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'commerce-mock-logging-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/**
 * A token request, an API call, an admin call and a health check: three access lines at info (health is debug).
 * Each on its own connection: the server runs in this process, so a loop busy compiling validators could let it
 * close an idle keep-alive socket just as fetch reuses it.
 */
async function someRequests(baseUrl: string): Promise<void> {
  const close = { Connection: 'close' };
  const issued = await checkedFetch(`${baseUrl}/v1/auth/token`, {
    method: 'POST',
    headers: { ...close, 'Content-Type': 'application/json' },
    body: JSON.stringify({ client_id: 'mock-client', client_secret: 'mock-secret' }),
  });
  const { access_token: token } = (issued.body as { data: { access_token: string } }).data;
  await checkedFetch(`${baseUrl}/v1/products`, { headers: { ...close, Authorization: `Bearer ${token}` } });
  expect((await fetch(`${baseUrl}/__admin/clock`, { headers: { ...close, Authorization: `Bearer ${ADMIN_TOKEN}` } })).status).toBe(200);
  expect((await fetch(`${baseUrl}/__admin/health`, { headers: close })).status).toBe(200);
}

function jsonLines(stderr: string): Array<Record<string, unknown>> {
  return stderr
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('--log-format json', () => {
  it('writes only JSON lines on stderr, one access entry per request with its fields; the banner stays on stdout', async () => {
    const result = await runCli([...START, '--log-format', 'json', '--admin-token', ADMIN_TOKEN], { ...WAIT, whileListening: someRequests });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('commerce-mock listening on http://127.0.0.1:');
    const lines = jsonLines(result.stderr);
    expect(lines.every((line) => typeof line['level'] === 'string' && typeof line['time'] === 'string' && typeof line['msg'] === 'string')).toBe(true);
    const access = lines.filter((line) => 'path' in line);
    expect(access.map((line) => `${String(line['method'])} ${String(line['path'])} ${String(line['status'])}`)).toEqual([
      'POST /v1/auth/token 200',
      'GET /v1/products 200',
      'GET /__admin/clock 200',
    ]);
    for (const line of access) {
      expect(line).toMatchObject({ level: 'info', durationMs: expect.any(Number), requestId: expect.stringMatching(/^req_/) });
    }
    expect(access[1]?.['clientId']).toBe('mock-client');
    expect(result.stderr).not.toContain('mock-secret');
    expect(result.stderr).not.toContain(ADMIN_TOKEN);
  });

  it('is also taken from the config file (logFormat); at debug the config line redacts the admin token', async () => {
    const config = join(dir, 'mock.json');
    await writeFile(config, JSON.stringify({ logFormat: 'json', logLevel: 'debug', adminToken: ADMIN_TOKEN }));
    const result = await runCli([...START, '--config', config], { ...WAIT, whileListening: someRequests });
    expect(result.code).toBe(0);
    const lines = jsonLines(result.stderr);
    const configLine = lines.find((line) => String(line['msg']).startsWith('config: '));
    expect(configLine?.['level']).toBe('debug');
    expect(String(configLine?.['msg'])).toContain('"adminToken":"[redacted]"');
    expect(lines.filter((line) => line['path'] === '/__admin/health')).toMatchObject([{ level: 'debug', status: 200 }]);
    expect(result.stderr).not.toContain(ADMIN_TOKEN);
    expect(result.stderr).not.toContain('mock-secret');
  });

  it('refuses another format, naming the flag (exit 2)', async () => {
    const result = await runCli([...START, '--log-format', 'xml']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("option '--log-format <format>' argument 'xml' is invalid");
  });
});

describe('--log-level', () => {
  it('warn: the access log is off (text format too), the banner stays', async () => {
    const result = await runCli([...START, '--log-level', 'warn', '--admin-token', ADMIN_TOKEN], { ...WAIT, whileListening: someRequests });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('commerce-mock listening on');
    expect(result.stderr).toBe('');
  });

  it('info (text): one readable access line per request', async () => {
    const result = await runCli([...START, '--admin-token', ADMIN_TOKEN], { ...WAIT, whileListening: someRequests });
    const access = result.stderr.split('\n').filter((line) => / (GET|POST) \//.test(line));
    expect(access).toEqual([
      expect.stringMatching(/^\[commerce-mock\] \d\d:\d\d:\d\d\.\d{3} info: POST \/v1\/auth\/token 200 durationMs=[\d.]+ requestId=req_\S+ clientId=mock-client operationId=issueToken$/),
      expect.stringMatching(/^\[commerce-mock\] \d\d:\d\d:\d\d\.\d{3} info: GET \/v1\/products 200 durationMs=/),
      expect.stringMatching(/^\[commerce-mock\] \d\d:\d\d:\d\d\.\d{3} info: GET \/__admin\/clock 200 durationMs=/),
    ]);
  });

  it('silent: nothing at all on stdout or stderr, the banner included, while the mock serves', async () => {
    const result = await runCli([...START, '--log-level', 'silent', '--admin-token', ADMIN_TOKEN], { ...WAIT, whileListening: someRequests });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('');
  });
});
