/**
 * A consumer pact written from what a client did (`GET /__admin/clients/{client_id}/pact`): one interaction per thing
 * done, reads with the provider states that bring them back, no secret in the file, and the pact verified against a
 * fresh mock by `commerce-mock verify`, its states set through the mock's own provider-states endpoint.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TrafficPact } from '../../src/traffic/traffic-pact.ts';
import { runCli } from '../support/cli.ts';
import { listenersClosedAfterEach } from '../support/listening-app.ts';
import { bearer, createTestApp, tokenFor, type TestApp } from '../support/test-app.ts';
import { callWithAnExpiredToken, payerCannotPay, subscriptionCharged, walkThrough } from '../support/traffic-flows.ts';
import { receiversClosedAfterEach } from '../support/webhook-receiver.ts';
import { appSendingTo } from '../support/webhook-support.ts';

const receiver = receiversClosedAfterEach();

const verifierBin = createRequire(import.meta.url).resolve('@pact-foundation/pact-cli/bin/pact-verifier.js');

function standaloneVerifier(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [verifierBin, ...args], { timeout: 170_000, env: { ...process.env, PACT_DO_NOT_TRACK: 'true' } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const listening = listenersClosedAfterEach();

async function recorded(t: TestApp, query = '?consumer=shop-backend'): Promise<TrafficPact> {
  return (await t.http.get(`/__admin/clients/mock-client/pact${query}`).expect(200)).body.data as TrafficPact;
}

describe('a pact from traffic', () => {
  it('names each thing the integration did once, with the states its reads need, and holds no secret', async () => {
    const t = await createTestApp();
    await walkThrough(t);
    await payerCannotPay(t);
    await callWithAnExpiredToken(t);
    const { pact, leftOut, read } = await recorded(t);

    expect(pact.consumer).toEqual({ name: 'shop-backend' });
    expect(pact.provider).toEqual({ name: 'commerce-api' });
    expect(read).toBe(17);
    expect(leftOut).toEqual([]);
    const byDescription = new Map(pact.interactions.map((interaction) => [interaction.description, interaction]));
    expect([...byDescription.keys()]).toEqual([
      'creates a customer',
      'gets an access token',
      'lists the payments',
      'lists the products: 401 TOKEN_EXPIRADO',
      'places an order',
      "reads a FAILED order's status",
      "reads a PAID order's status",
      "reads a PENDING order's status",
      'revokes an access token',
      'syncs a batch of products',
      'creates a product',
    ].sort((a, b) => a.localeCompare(b)));
    expect(byDescription.get("reads a PENDING order's status")?.providerStates).toEqual([{ name: 'an order with status {status} exists', params: { status: 'PENDING' } }]);
    expect(byDescription.get("reads a FAILED order's status")?.providerStates).toEqual([{ name: 'an order whose payer has insufficient balance' }]);
    expect(byDescription.get('lists the products: 401 TOKEN_EXPIRADO')?.providerStates).toEqual([{ name: 'the access token is expired' }]);
    expect(byDescription.get("reads a PAID order's status")?.request).toMatchObject({
      method: 'GET',
      headers: { Authorization: ['Bearer ***'] },
      generators: { header: { Authorization: { type: 'ProviderState', expression: 'Bearer ${accessToken}' } }, path: { type: 'ProviderState', expression: '/v1/orders/${orderId}/status' } },
    });
    expect(byDescription.get("reads a PAID order's status")?.response).toMatchObject({ status: 200, body: { content: { data: { status: 'PAID' } } } });
    const text = JSON.stringify(pact);
    expect(text).not.toContain('mock-secret');
    expect(text).not.toMatch(/mat_[A-Za-z0-9]{20,}/);
    expect(text).not.toMatch(/mrt_[A-Za-z0-9]{20,}/);
  });

  it('is verified, with the message pact of the webhooks its receiver took, by commerce-mock verify against a fresh mock', async () => {
    const hooks = await receiver();
    const t = await appSendingTo(hooks.url);
    await walkThrough(t);
    await payerCannotPay(t);
    await callWithAnExpiredToken(t);
    await subscriptionCharged(t);
    await t.core.webhooks.idle();
    const { pact, messages } = await recorded(t);
    expect(pact.interactions.map((interaction) => interaction.description)).toContain('creates a subscription');
    expect(messages?.provider).toEqual({ name: 'commerce-api-webhooks' });
    expect(messages?.interactions.map((message) => [message.description, message.providerStates])).toEqual([
      ["a payment.status_changed webhook: the order's payment is FAILED (payment.failed)", [{ name: '{event} is triggered', params: { event: 'payment.failed' } }]],
      ["a payment.status_changed webhook: the order's payment is PAID (payment.paid)", [{ name: '{event} is triggered', params: { event: 'payment.paid' } }]],
      ['a subscription.status_changed webhook: the subscription is ACTIVE (subscription.activated)', [{ name: '{event} is triggered', params: { event: 'subscription.activated' } }]],
      ["an order.status_changed webhook: the order is FAILED (order.failed)", [{ name: '{event} is triggered', params: { event: 'order.failed' } }]],
      ["an order.status_changed webhook: the order is PAID (order.paid)", [{ name: '{event} is triggered', params: { event: 'order.paid' } }]],
    ]);
    const dir = mkdtempSync(join(tmpdir(), 'traffic-pact-'));
    const file = join(dir, 'shop-backend-commerce-api.json');
    const messageFile = join(dir, 'shop-backend-commerce-api-webhooks.json');
    writeFileSync(file, JSON.stringify(pact, null, 2));
    writeFileSync(messageFile, JSON.stringify(messages, null, 2));
    const fresh = await listening(await createTestApp());
    const result = await runCli(['verify', '--provider-base-url', fresh, '--pact', file, '--pact', messageFile], { stopAfterMs: 150_000 });
    const total = pact.interactions.length + (messages?.interactions.length ?? 0);
    expect(result.stdout).toContain(`${total} verified, 0 failed, 0 not verifiable`);
    expect(result.code).toBe(0);
  }, 150_000);

  it("passes Pact's standalone verifier against a fresh mock, and pact-check against the API's document", async () => {
    const t = await createTestApp();
    await walkThrough(t);
    await payerCannotPay(t);
    await callWithAnExpiredToken(t);
    const { pact } = await recorded(t);
    const dir = mkdtempSync(join(tmpdir(), 'traffic-standalone-'));
    const file = join(dir, 'shop-backend-commerce-api.json');
    writeFileSync(file, JSON.stringify(pact, null, 2));
    const fresh = new URL(await listening(await createTestApp()));
    const report = join(dir, 'report.json');
    const verified = await standaloneVerifier([
      '--file', file,
      '--hostname', fresh.hostname,
      '--port', fresh.port,
      '--state-change-url', `${fresh.origin}/__admin/pact/provider-states`,
      '--state-change-teardown',
      '--request-timeout', '60000',
      '--no-colour',
      '--json', report,
    ]);
    const results = JSON.parse(readFileSync(report, 'utf8')) as { result: boolean; interactionResults?: Array<{ description: string; result: string }> };
    expect(results.interactionResults?.map((interaction) => interaction.result)).toEqual(pact.interactions.map(() => 'OK'));
    expect(verified.code).toBe(0);
    const checked = await runCli(['pact-check', file]);
    expect(checked.code, checked.stdout + checked.stderr).toBe(0);
  }, 180_000);

  it('is written by commerce-mock pact record, and --check exits 1 naming a call the committed pact lacks', async () => {
    const t = await createTestApp();
    await walkThrough(t);
    const url = await listening(t);
    const dir = mkdtempSync(join(tmpdir(), 'pact-record-'));
    const written = await runCli(['pact', 'record', '--consumer', 'shop-backend', '--out', join(dir, 'pacts'), '--url', url]);
    const file = join(dir, 'pacts', 'shop-backend-commerce-api.json');
    expect(written.stdout).toBe(`wrote ${file}: 9 interaction(s) from 10 request(s) of mock-client\n`);
    expect(written.code).toBe(0);
    expect((JSON.parse(readFileSync(file, 'utf8')) as { interactions: unknown[] }).interactions).toHaveLength(9);

    const same = await runCli(['pact', 'record', '--consumer', 'shop-backend', '--check', file, '--url', url]);
    expect(same.stdout).toBe(`${file} holds what this run did: 9 interaction(s) from 10 request(s) of mock-client\n`);
    expect(same.code).toBe(0);

    await t.http.get('/v1/subscriptions').set(bearer(await tokenFor(t))).expect(200);
    const drifted = await runCli(['pact', 'record', '--consumer', 'shop-backend', '--check', file, '--url', url]);
    expect(drifted.stdout).toContain('  + lists the subscriptions   (the run needs it; the pact lacks it)');
    expect(drifted.stderr).toBe(`commerce-mock pact record: 1 interaction(s) missing from ${file}, 0 no longer used; record it again\n`);
    expect(drifted.code).toBe(1);
  });

  it('refuses a consumer that would name a file outside --out, and an unknown client, writing nothing (exit 2)', async () => {
    const t = await createTestApp();
    const url = await listening(t);
    const dir = mkdtempSync(join(tmpdir(), 'pact-refused-'));
    const climbing = await runCli(['pact', 'record', '--consumer', '../escape', '--out', join(dir, 'pacts'), '--url', url]);
    expect(climbing.stderr).toContain('--consumer: expected letters, digits');
    expect(climbing.code).toBe(2);
    const unknown = await runCli(['pact', 'record', '--client', 'nobody', '--out', join(dir, 'pacts'), '--url', url]);
    expect(unknown.stderr).toContain('client nobody is unknown');
    expect(unknown.code).toBe(2);
    expect(existsSync(join(dir, 'pacts'))).toBe(false);
  });

  it('leaves out what no contract can hold, saying why', async () => {
    const t = await createTestApp();
    await t.http.post('/__admin/clients/mock-client/armed').send({ outcome: 'server.503', operation: 'listProducts' }).expect(201);
    const token = (await t.http.post('/v1/auth/token').send({ client_id: 'mock-client', client_secret: 'mock-secret' }).expect(200)).body.data.access_token as string;
    await t.http.get('/v1/products').set('Authorization', `Bearer ${token}`).expect(503);
    const { pact, leftOut } = await recorded(t);
    expect(pact.interactions.map((interaction) => interaction.description)).toEqual(['gets an access token']);
    expect(leftOut).toEqual([{ requestId: expect.any(String), what: 'GET /v1/products → 503', why: 'an armed outcome answered it (server.503)' }]);
  });

  it.each([
    ['an unknown client', '/__admin/clients/nobody/pact', 404, 'not_found'],
    ['a consumer name that climbs out of a folder', '/__admin/clients/mock-client/pact?consumer=../etc', 400, 'invalid_request'],
    ['a consumer name with a slash', '/__admin/clients/mock-client/pact?consumer=a%2Fb', 400, 'invalid_request'],
    ['a dot segment for the client', '/__admin/clients/%2e%2e/pact', 404, 'not_found'],
  ])('refuses %s', async (_name, path, status, error) => {
    const t = await createTestApp();
    const answer = await t.http.get(path).expect(status);
    expect(answer.body.error).toBe(error);
  });
});
