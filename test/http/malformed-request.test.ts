/**
 * A request node:http cannot parse (a control character in a header value) is answered as every other 400: the
 * catalogue's JSON error body with its X-Request-Id, on the API and the admin API alike. Sent over a raw socket:
 * an HTTP client refuses to send such a header.
 */
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ERRORS } from '../../src/errors/failures.ts';
import type { Mock } from '../../src/sdk/start-mock.ts';
import { sharedAdminRouter, sharedRouter } from '../support/shared-router.ts';
import { errorBodyProblems } from '../../src/conformance/response-conformance.ts';
import { call, startCheckedMock, tokenFor } from '../support/mock-helpers.ts';

const mocks: Mock[] = [];
afterEach(async () => {
  await Promise.all(mocks.splice(0).map((mock) => mock.stop()));
});

interface RawAnswer {
  statusLine: string;
  headers: Record<string, string>;
  body: string;
}

/** Sends `request` as bytes and reads the answer until the server closes the connection. */
function sendRaw(port: number, request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(Buffer.from(request, 'latin1')));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      resolve({ statusLine, headers, body });
    });
  });
}

const CONTROL_CHARACTERS = [
  ['\\x01', '\x01'],
  ['\\x7f (DEL)', '\x7f'],
  ['a bare \\r', '\r'],
  ['\\x00', '\x00'],
] as const;

describe('a header with a control character', () => {
  it.each(CONTROL_CHARACTERS.flatMap(([name, character]) => [
    ['the API', 'GET /v1/products', name, character],
    ['the admin API', 'GET /__admin/health', name, character],
  ]))('%s (%s) with %s in a header → 400 with the JSON error body and X-Request-Id, nothing served', async (_api, requestLine, _name, character) => {
    const mock = await startCheckedMock({ seedData: 'none' });
    mocks.push(mock);
    const before = await mock.admin.requests.count();

    const answer = await sendRaw(mock.port, `${requestLine} HTTP/1.1\r\nHost: 127.0.0.1:${mock.port}\r\nX-Note: a${character}b\r\n\r\n`);

    expect(answer.statusLine).toBe('HTTP/1.1 400 Bad Request');
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers['connection']).toBe('close');
    expect(answer.headers['x-request-id']).toMatch(/^req_\w+$/);
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
    const body = JSON.parse(answer.body) as Record<string, unknown>;
    expect(body).toEqual({ error: 'invalid_request', message: ERRORS.malformed_request.message, requestId: answer.headers['x-request-id'] });
    for (const router of [await sharedRouter(), await sharedAdminRouter()]) {
      expect(errorBodyProblems(router.backend, { status: 400, headers: {}, body: { kind: 'value', value: body } })).toEqual([]);
    }
    // Nothing reached the app: the journal of API requests is as it was, and the mock serves on.
    expect(await mock.admin.requests.count()).toBe(before);
    expect((await call(mock, 'GET', '/v1/products', { token: await tokenFor(mock) })).status).toBe(200);
  });

  it('a header too large is still 431, as Node answers it', async () => {
    const mock = await startCheckedMock({ seedData: 'none' });
    mocks.push(mock);
    const answer = await sendRaw(mock.port, `GET /v1/products HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer.statusLine).toBe('HTTP/1.1 431 Request Header Fields Too Large');
  });
});
