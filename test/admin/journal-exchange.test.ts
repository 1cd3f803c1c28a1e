/**
 * GET /__admin/requests/{id}: a journaled request opens to its request's and response's headers and bodies, every
 * secret masked before it is kept, each body cut at 16 KiB and all of them held under a 4 MiB budget.
 */
import { describe, expect, it } from 'vitest';
import type { Exchange, RequestContext } from '../../src/domain/caller.ts';
import { BODY_CAP_BYTES, EXCHANGE_BUDGET_BYTES, journalExchange, shownExchange } from '../../src/state/journal-exchange.ts';
import { createRequestJournal, type RequestJournalDetail } from '../../src/state/request-journal.ts';
import { ORDER_BODY } from '../support/admin-helpers.ts';
import { bearer, createTestApp, tokenFor, type TestApp } from '../support/test-app.ts';

async function opened(t: TestApp, requestId: string): Promise<RequestJournalDetail> {
  return (await t.http.get(`/__admin/requests/${encodeURIComponent(requestId)}`).expect(200)).body.data as RequestJournalDetail;
}

/** Everything the admin API shows of the journal, as one text: no secret may appear in it. */
async function journalText(t: TestApp): Promise<string> {
  const listed = (await t.http.get('/__admin/requests').expect(200)).body.data as Array<{ id: string }>;
  const details = await Promise.all(listed.map((entry) => opened(t, entry.id)));
  return JSON.stringify([listed, details]);
}

describe('a journal entry opens to its headers and bodies', () => {
  it('a token request: its Basic header, its client_secret and the tokens it got are kept as ***', async () => {
    const t = await createTestApp();
    const basic = `Basic ${Buffer.from('mock-client:mock-secret').toString('base64')}`;
    const issued = await t.http
      .post('/v1/auth/token')
      .set('Authorization', basic)
      .set('X-Request-Id', 'req-token-1')
      .send({ client_id: 'mock-client', client_secret: 'mock-secret' })
      .expect(200);
    const { access_token: access, refresh_token: refresh } = issued.body.data as { access_token: string; refresh_token: string };

    const entry = await opened(t, 'req-token-1');
    expect(entry).toMatchObject({ id: 'req-token-1', method: 'POST', path: '/v1/auth/token', status: 200 });
    expect(entry.request?.headers).toMatchObject({ authorization: 'Basic ***', 'content-type': 'application/json' });
    expect(entry.request?.body).toEqual({ client_id: 'mock-client', client_secret: '***' });
    expect(entry.response?.headers).toMatchObject({ 'X-Request-Id': 'req-token-1', 'Content-Type': 'application/json; charset=utf-8' });
    expect(entry.response?.body).toMatchObject({ data: { access_token: '***', refresh_token: '***', token_type: 'Bearer' } });
    expect(entry.response?.bodyBytes).toBe(Buffer.byteLength(JSON.stringify(entry.response?.body)));

    const text = await journalText(t);
    for (const secret of ['mock-secret', access, refresh, basic.slice(6)]) expect(text).not.toContain(secret);
  });

  it('a form-encoded token request is kept as its fields, the secret masked', async () => {
    const t = await createTestApp();
    await t.http.post('/v1/auth/token').set('X-Request-Id', 'req-form').type('form').send('client_id=mock-client&client_secret=mock-secret').expect(200);
    expect((await opened(t, 'req-form')).request?.body).toEqual({ client_id: 'mock-client', client_secret: '***' });
    expect(await journalText(t)).not.toContain('mock-secret');
  });

  it('secrets in the query, in any secret-named header and deep in a body are masked; the admin token too', async () => {
    const t = await createTestApp({ adminToken: 'admin-token-xyz-123' });
    const admin = { Authorization: 'Bearer admin-token-xyz-123' };
    const token = await tokenFor(t);
    await t.http
      .post('/v1/orders')
      .query({ access_token: 'query-token-1', page: '1' })
      .set(bearer(token))
      .set({ 'X-Request-Id': 'req-secrets', 'X-Api-Key': 'api-key-1', Cookie: 'session=cookie-1', 'X-Admin-Token': 'admin-token-xyz-123' })
      .send({ ...ORDER_BODY, metadata: { password: { value: 'nested-password-1' }, refresh_token: ['list-token-1'] } });

    const entry = (await t.http.get('/__admin/requests/req-secrets').set(admin).expect(200)).body.data as RequestJournalDetail;
    expect(entry.query).toBe('access_token=***&page=1');
    expect(entry.request?.headers).toMatchObject({ authorization: 'Bearer ***', 'x-api-key': '***', cookie: '***', 'x-admin-token': '***' });
    expect(entry.request?.body).toMatchObject({ customer: ORDER_BODY.customer, metadata: { password: '***', refresh_token: '***' } });

    const listed = (await t.http.get('/__admin/requests').set(admin).expect(200)).body.data as Array<{ id: string }>;
    const details = await Promise.all(listed.map(async (row) => (await t.http.get(`/__admin/requests/${row.id}`).set(admin).expect(200)).body));
    const text = JSON.stringify([listed, details]);
    for (const secret of ['query-token-1', 'api-key-1', 'cookie-1', 'admin-token-xyz-123', 'nested-password-1', 'list-token-1', token, 'mock-secret']) {
      expect(text).not.toContain(secret);
    }
  });

  it('an order: the body sent and the one answered, as they were', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    const placed = await t.http.post('/v1/orders').set(bearer(token)).set('X-Request-Id', 'req-order').send(ORDER_BODY).expect(201);
    const entry = await opened(t, 'req-order');
    expect(entry.request?.body).toEqual(ORDER_BODY);
    expect(entry.response?.body).toEqual(placed.body);
    expect(entry.response?.truncated).toBeUndefined();
  });

  it('a body past 16 KiB is kept as the first 16 KiB of its masked JSON text, marked truncated', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    const body = { client_secret: 'secret-before-the-cut', note: 'x'.repeat(20_000), token: 'secret-after-the-cut' };
    const refused = await t.http.post('/v1/orders').set(bearer(token)).set('X-Request-Id', 'req-big').send(body);
    expect(refused.status).toBe(400);
    const kept = (await opened(t, 'req-big')).request;
    expect(BODY_CAP_BYTES).toBe(16 * 1024);
    expect(kept?.truncated).toBe(true);
    expect(kept?.bodyBytes).toBe(Buffer.byteLength(JSON.stringify({ ...body, client_secret: '***', token: '***' })));
    expect(typeof kept?.body).toBe('string');
    expect(Buffer.byteLength(kept?.body as string)).toBe(BODY_CAP_BYTES);
    expect((kept?.body as string).startsWith('{"client_secret":"***","note":"xxx')).toBe(true);
    expect(await journalText(t)).not.toMatch(/secret-(before|after)-the-cut/);
  });

  it('an id the journal does not hold is a 404 not_found; a cleared journal holds none', async () => {
    const t = await createTestApp();
    await t.http.get('/v1/products').set('X-Request-Id', 'req-gone').expect(401);
    await opened(t, 'req-gone');
    await t.http.delete('/__admin/requests').expect(200);
    const missing = await t.http.get('/__admin/requests/req-gone').expect(404);
    expect(missing.body).toMatchObject({ error: 'not_found', message: 'Requisição desconhecida no diário: req-gone (o diário guarda as últimas 1000)' });
  });

  it('the same X-Request-Id sent twice opens the newest', async () => {
    const t = await createTestApp();
    await t.http.get('/v1/products').set('X-Request-Id', 'req-twice').expect(401);
    await t.http.get('/v1/orders').set('X-Request-Id', 'req-twice').expect(401);
    expect((await opened(t, 'req-twice')).path).toBe('/v1/orders');
  });
});

describe('the bound on what the journal keeps', () => {
  const big = (n: number): Exchange => ({
    context: { requestId: `req_${n}`, receivedAt: new Date(Date.UTC(2026, 2, 2, 10, 0, n % 60)), method: 'POST', path: '/v1/orders', query: '', startedMs: performance.now() } as RequestContext,
    status: 400,
    headers: { 'X-Request-Id': `req_${n}` },
    body: { error: 'invalid_request' },
    request: { headers: { 'content-type': 'application/json' }, body: { note: 'y'.repeat(BODY_CAP_BYTES * 2) } },
  });

  it('keeps the newest entries’ headers and bodies while their total stays under 4 MiB; older entries keep their summary only', () => {
    const journal = createRequestJournal();
    for (let n = 0; n < 400; n += 1) journal.record(big(n));
    const withExchange = Array.from({ length: 400 }, (_, n) => journal.find(`req_${n}`)?.request !== undefined);
    const kept = withExchange.filter(Boolean).length;
    // The newest ones, with no gap: the oldest gave theirs up first.
    expect(withExchange).toEqual([...Array<boolean>(400 - kept).fill(false), ...Array<boolean>(kept).fill(true)]);
    // Each holds a cut body (16 KiB) and a few headers and bytes more: 4 MiB keeps between 240 and 256 of them.
    expect(EXCHANGE_BUDGET_BYTES).toBe(4 * 1024 * 1024);
    expect(kept).toBeLessThanOrEqual(EXCHANGE_BUDGET_BYTES / BODY_CAP_BYTES);
    expect(kept).toBeGreaterThanOrEqual(Math.floor(EXCHANGE_BUDGET_BYTES / (BODY_CAP_BYTES + 1024)));
    expect(journal.find('req_0')).toMatchObject({ id: 'req_0', status: 400 });
    expect(journal.find('req_0')).not.toHaveProperty('response');
  });

  it('an entry the ring overwrites gives its share back', () => {
    const journal = createRequestJournal(2);
    for (let n = 0; n < 1000; n += 1) journal.record(big(n));
    expect(journal.find('req_998')?.request?.truncated).toBe(true);
    expect(journal.find('req_999')?.request?.truncated).toBe(true);
    expect(journal.find('req_997')).toBeUndefined();
  });
});

describe('what the journal holds', () => {
  const context = { requestId: 'req_held', method: 'POST', path: '/v1/auth/token', query: '', receivedAt: new Date(0), startedMs: 0 } as unknown as RequestContext;

  it('is masked when kept, not when read: the kept exchange itself holds no secret, in headers, bodies or the written text', () => {
    const answered = { data: { access_token: 'AT-held-secret', refresh_token: 'RT-held-secret', token_type: 'Bearer', nested: [{ password: { value: 'PW-held-secret' } }] } };
    const { kept } = journalExchange({
      context,
      status: 200,
      headers: { 'X-Request-Id': 'req_held', 'Set-Cookie': 'session=COOKIE-held-secret' },
      body: answered,
      payload: JSON.stringify(answered),
      request: { headers: { authorization: 'Basic QmFzaWMtaGVsZC1zZWNyZXQ=', 'x-api-key': 'KEY-held-secret' }, body: { client_id: 'mock-client', client_secret: 'CS-held-secret' } },
    });
    expect(JSON.stringify(kept)).not.toMatch(/held-secret|QmFzaWMtaGVsZC1zZWNyZXQ=/);
    expect(shownExchange(kept).response.body).toEqual({ data: { access_token: '***', refresh_token: '***', token_type: 'Bearer', nested: [{ password: '***' }] } });
    expect(shownExchange(kept).request.headers).toEqual({ authorization: 'Basic ***', 'x-api-key': '***' });
  });

  it('keeps an answer with no secret as the very text it was sent as, and headers with none as they were', () => {
    const answered = { data: { id: 'prod_1', name: 'Café', price: 10.5, metadata: { tokenish: null } } };
    const payload = JSON.stringify(answered);
    const headers = { 'X-Request-Id': 'req_plain', 'Content-Type': 'application/json; charset=utf-8' };
    const { kept } = journalExchange({ context, status: 200, headers, body: answered, payload });
    expect(kept.responseText).toBe(payload);
    expect(kept.responseHeaders).toBe(headers);
    expect(shownExchange(kept).response.body).toEqual(answered);
  });
});
