/**
 * `GET /__admin/clients/{client_id}/audit`: what it answers for every status it states (each answer checked against
 * spec/admin.yaml), and the audit's word when the journal has let older entries go.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Exchange, RequestContext } from '../../src/domain/caller.ts';
import { runAudit } from '../../src/audit/run-audit.ts';
import { auditThresholdsSchema } from '../../src/platform/config.ts';
import { createRequestJournal } from '../../src/state/request-journal.ts';
import type { Mock } from '../../src/sdk/start-mock.ts';
import { startCheckedMock } from '../support/mock-helpers.ts';
import { rawRequest } from '../support/raw-http.ts';
import { auditTenant } from '../support/audit-clients.ts';

let mock: Mock;
beforeAll(async () => {
  mock = await startCheckedMock({ logLevel: 'silent' });
});
afterAll(() => mock.stop());

const answerOf = async (path: string) => {
  const answer = await rawRequest(mock.url, 'GET', path);
  return { status: answer.status, body: JSON.parse(answer.body) as { error?: string; data?: any; details?: Array<{ path: string }> } };
};

describe('GET /__admin/clients/{client_id}/audit', () => {
  it('200: a client with no requests has no finding, on its own clock, complete', async () => {
    const shop = await auditTenant(mock);
    const answer = await answerOf(`/__admin/clients/${shop.clientId}/audit`);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      clientId: shop.clientId,
      at: '2026-03-02T10:00:00.000Z',
      basedOn: { requests: 0, deliveries: 0, drills: 0, complete: true },
      counts: { error: 0, warning: 0, info: 0 },
      findings: [],
    });
  });

  it('?severity=error keeps the errors; warning keeps warnings and errors', async () => {
    const shop = await auditTenant(mock);
    const credentials = { client_id: shop.clientId, client_secret: shop.clientSecret };
    const answers = [];
    for (let call = 0; call < 6; call += 1) answers.push(await shop.send('POST', '/v1/auth/token', { body: credentials }));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 400]);
    const token = answers[0]?.body.data.access_token as string;
    const noItems = { customer: { name: 'Ana', phone: '+258 84 000 0000' }, items: [] };
    for (let call = 0; call < 4; call += 1) expect((await shop.send('POST', '/v1/orders', { token, body: noItems })).status).toBe(400);
    const read = async (query: string) => (await answerOf(`/__admin/clients/${shop.clientId}/audit${query}`)).body.data;
    const idsOf = (audit: { findings: Array<{ id: string }> }) => audit.findings.map((finding) => finding.id);
    expect(idsOf(await read(''))).toEqual(['token.churn', 'token.limit-thrash', 'request.invalid-repeated']);
    expect(idsOf(await read('?severity=warning'))).toEqual(['token.churn', 'token.limit-thrash', 'request.invalid-repeated']);
    const errors = await read('?severity=error');
    expect(idsOf(errors)).toEqual(['token.churn', 'token.limit-thrash']);
    expect(errors.counts).toEqual({ error: 2, warning: 0, info: 0 });
  });

  it('404 not_found for a client the mock does not know', async () => {
    const answer = await answerOf('/__admin/clients/no-such-shop/audit');
    expect(answer.status).toBe(404);
    expect(answer.body.error).toBe('not_found');
  });

  it('400 invalid_request naming severity for a value outside the list', async () => {
    const answer = await answerOf('/__admin/clients/mock-client/audit?severity=fatal');
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('invalid_request');
    expect(answer.body.details?.map((detail) => detail.path)).toEqual(['severity']);
  });

  it.each(['/__admin/clients/../audit', '/__admin/clients/%2e%2e/audit', '/__admin/clients/mock-client/../audit', '/__admin/clients/./audit'])(
    '404 not_found for %s: a dot segment names no client',
    async (path) => {
      const answer = await answerOf(path);
      expect(answer.status).toBe(404);
      expect(answer.body.error).toBe('not_found');
    },
  );

  it('405 for another method, naming GET', async () => {
    const answer = await rawRequest(mock.url, 'POST', '/__admin/clients/mock-client/audit', {});
    expect(answer.status).toBe(405);
  });
});

describe('a journal that let older entries go', () => {
  const exchange = (n: number, clientId = 'shop'): Exchange => ({
    context: {
      requestId: `req_${n}`,
      receivedAt: new Date(Date.UTC(2026, 2, 2, 10, 0, n)),
      method: 'POST',
      path: '/v1/auth/token',
      query: '',
      operationId: 'issueToken',
      startedMs: 0,
      world: { clientId, nowMs: () => 0 },
    } as RequestContext,
    status: 200,
    headers: {},
    body: { data: {} },
  });

  it('says the audit rests on the last N requests', () => {
    const journal = createRequestJournal(3);
    for (let n = 1; n <= 5; n += 1) journal.record(exchange(n));
    const { entries, dropped } = journal.trail('shop');
    expect([entries.map((entry) => entry.id), dropped]).toEqual([['req_3', 'req_4', 'req_5'], true]);
    const audit = runAudit(
      { clientId: 'shop', nowMs: 0, requests: entries, dropped, deliveries: [], drills: [], tokens: { ttlSeconds: 3600, maxActivePerClient: 5, limitPolicy: 'reject' } },
      auditThresholdsSchema.parse({}),
    );
    expect(audit.basedOn).toEqual({ requests: 3, deliveries: 0, drills: 0, complete: false, note: 'based on the last 3 requests: the journal let older ones go' });
    expect(audit.findings.map((finding) => [finding.id, finding.verdict])).toEqual([]);
    journal.clear();
    expect(journal.trail('shop')).toEqual({ entries: [], dropped: false });
  });

  it('says so only to the clients whose entries went', () => {
    const journal = createRequestJournal(3);
    journal.record(exchange(1, 'other'));
    for (let n = 2; n <= 4; n += 1) journal.record(exchange(n));
    expect(journal.trail('other')).toEqual({ entries: [], dropped: true });
    expect(journal.trail('shop').dropped).toBe(false);
    journal.record(exchange(5));
    expect(journal.trail('shop')).toMatchObject({ dropped: true });
    expect(journal.trail('shop').entries.map((entry) => entry.id)).toEqual(['req_3', 'req_4', 'req_5']);
  });
});
