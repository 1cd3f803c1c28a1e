/**
 * The API answers the same through both paths into its stages: `app.listener` (what the server serves: the API
 * straight from node:http) and `app.express` (the Express application, mounted in a user's own Express app or
 * served by `http.createServer`). One table of requests, run against each; a fresh app per path, so rate-limit
 * counters and stored state start alike.
 */
import { createServer, type RequestListener } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import express from 'express';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import type { App } from '../../src/server/create-app.ts';
import { bearer, createTestApp, tokenFor, type TestApp } from '../support/test-app.ts';

const PATHS: Array<[string, (app: App) => RequestListener]> = [
  ['app.listener', (app) => app.listener],
  ['express().use(app.express)', (app) => express().use(app.express) as unknown as RequestListener],
  ['http.createServer(app.express)', (app) => app.express as unknown as RequestListener],
];

/** What a client sees of an answer, random ids (and the token's own) replaced so that two apps compare equal. */
interface Seen {
  status: number;
  headers: Record<string, string | undefined>;
  body: unknown;
}

const SHOWN_HEADERS = ['content-type', 'content-length', 'x-request-id', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'www-authenticate', 'allow', 'connection'];

const withoutIds = (text: string) => text.replace(/\b([a-z]+)_[A-Za-z0-9]{16,}\b/g, '$1_*');

function seen(response: supertest.Response): Seen {
  const headers = Object.fromEntries(SHOWN_HEADERS.map((name) => [name, response.headers[name] === undefined ? undefined : withoutIds(String(response.headers[name]))]));
  const text = response.text === undefined || response.text === '' ? undefined : withoutIds(response.text);
  return { status: response.status, headers: { ...headers, 'content-length': text === undefined ? headers['content-length'] : 'n' }, body: text };
}

type Ask = (t: TestApp, http: ReturnType<typeof supertest>, auth: Record<string, string>, product: string) => Promise<supertest.Response>;

const CASES: Array<[string, Ask]> = [
  ['GET a product by id with a bearer token', (_t, http, auth, product) => http.get(`/v1/products/${product}`).set(auth).set('X-Request-Id', 'req-case-1')],
  ['GET under the /api/v1 alias, with a query', (_t, http, auth) => http.get('/api/v1/products?limit=1').set(auth).set('X-Request-Id', 'req-case-2')],
  ['GET under the /api alias without a token (401)', (_t, http) => http.get('/api/products').set('X-Request-Id', 'req-case-3')],
  ['HEAD a product (headers, no body)', (_t, http, auth, product) => http.head(`/v1/products/${product}`).set(auth).set('X-Request-Id', 'req-case-4')],
  ['a wrong method (405 with Allow)', (_t, http, auth) => http.delete('/v1/products').set(auth).set('X-Request-Id', 'req-case-5')],
  ['a path outside every mount (404)', (_t, http) => http.get('/elsewhere/v1/products').set('X-Request-Id', 'req-case-6')],
  ['a mount written in capitals (404)', (_t, http) => http.get('/V1/products').set('X-Request-Id', 'req-case-7')],
  ['an undecodable path (400)', (_t, http, auth) => http.get('/v1/products/%E0%A4%A').set(auth).set('X-Request-Id', 'req-case-8')],
  [
    'a body over 1 MiB (413, connection closed)',
    (_t, http, auth) => http.post('/v1/products/create').set(auth).set('X-Request-Id', 'req-case-9').send({ name: 'x', price: 1, description: 'a'.repeat(1024 * 1024) }),
  ],
  ['a new request id when the sent one is not printable', (_t, http, auth, product) => http.get(`/v1/products/${product}`).set(auth).set('X-Request-Id', 'has space')],
];

/** The answer's status line and body to a request line in absolute form (as sent to a proxy), read raw. */
function absoluteForm(port: number, token: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = connect(port, '127.0.0.1', () =>
      socket.write(`GET http://127.0.0.1:${port}/api/v1/products?limit=5 HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n\r\n`),
    );
    socket.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk));
    socket.once('end', () => resolve(`${answer.split('\r\n')[0]} ${answer.slice(answer.indexOf('\r\n\r\n') + 4)}`));
    socket.once('error', reject);
  });
}

/** A fresh app with one product and a token, served through `path`; the answers to every case, in order. */
async function answersThrough(path: (app: App) => RequestListener): Promise<{ t: TestApp; answers: Seen[]; absolute: string }> {
  const t = await createTestApp();
  const token = await tokenFor(t);
  const auth = bearer(token);
  const created = await t.http.post('/v1/products/create').set(auth).send({ name: 'Capulana', price: 350 }).expect(201);
  const product = (created.body as { data: { id: string } }).data.id;
  const server = createServer(path(t.core));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const port = (server.address() as AddressInfo).port;
    const http = supertest(`http://127.0.0.1:${port}`);
    const answers: Seen[] = [];
    for (const [, ask] of CASES) answers.push(seen(await ask(t, http, auth, product)));
    return { t, answers, absolute: withoutIds(await absoluteForm(port, token)) };
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('the API through app.listener and through app.express', async () => {
  const runs = await Promise.all(PATHS.map(async ([name, path]) => ({ name, ...(await answersThrough(path)) })));
  const [listener, ...others] = runs;

  it.each(CASES.map(([name], index) => [name, index] as const))('%s: the same answer through every path', (_name, index) => {
    for (const other of others) expect({ path: other.name, ...other.answers[index] }).toEqual({ path: other.name, ...listener!.answers[index] });
  });

  it('the answers are the API\'s own (the comparison is not between two 404s)', () => {
    const [byId, alias, unauthorized, head, wrongMethod, outside, capitals, undecodable, tooLarge, freshId] = listener!.answers;
    expect(byId).toMatchObject({ status: 200, headers: { 'x-request-id': 'req-case-1', 'ratelimit-limit': '100', 'content-type': 'application/json; charset=utf-8' } });
    expect(JSON.parse(String(byId!.body))).toMatchObject({ data: { name: 'Capulana', price: 350 } });
    expect(JSON.parse(String(alias!.body))).toMatchObject({ data: [{ name: 'Capulana' }] });
    expect(unauthorized).toMatchObject({ status: 401, headers: { 'www-authenticate': expect.stringContaining('Bearer') } });
    expect(head).toMatchObject({ status: 200, body: undefined, headers: { 'x-request-id': 'req-case-4', 'ratelimit-remaining': expect.any(String) } });
    expect(wrongMethod).toMatchObject({ status: 405, headers: { allow: 'GET, HEAD, POST' } });
    for (const notFound of [outside, capitals]) expect(JSON.parse(String(notFound!.body))).toMatchObject({ error: 'not_found' });
    expect(undecodable!.status).toBe(400);
    expect(tooLarge).toMatchObject({ status: 413, headers: { connection: 'close' } });
    expect(freshId!.headers['x-request-id']).toBe('req_*');
  });

  it('a request line in absolute form reaches the API with its query, through every path', () => {
    expect(listener!.absolute).toMatch(/^HTTP\/1\.1 200 OK \{"data":\[\{"name":"Capulana".*"limit":5/);
    for (const other of others) expect({ path: other.name, answer: other.absolute }).toEqual({ path: other.name, answer: listener!.absolute });
  });

  it('a body over the limit writes nothing, whichever the path', () => {
    for (const run of runs) expect({ path: run.name, products: run.t.store.count('products') }).toEqual({ path: run.name, products: 1 });
  });
});
