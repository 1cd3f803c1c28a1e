/**
 * Provider verification in `npm test`: every interaction of pacts/ verified against the mock on a random port,
 * its provider states set through the admin API. The mock is an in-process test app, so every answer it gives
 * the verifier is also checked against spec/openapi.yaml.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DriftReport } from '../../src/verify/drift-report.ts';
import { runCli } from '../support/cli.ts';
import { bearer, createTestApp, tokenFor, type TestApp } from '../support/test-app.ts';
import { COMMITTED_PACT, COMMITTED_WEBHOOK_PACT } from '../support/pact/committed-pact.ts';

const count = (file: string) => (JSON.parse(readFileSync(file, 'utf8')) as { interactions: unknown[] }).interactions.length;
const httpInteractions = count(COMMITTED_PACT);
/** pacts/ holds the HTTP contract and the webhook contract (messages produced by the mock's real webhooks). */
const interactions = httpInteractions + count(COMMITTED_WEBHOOK_PACT);
let server: Server;
let baseUrl: string;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seedData: 'default' });
  server = createServer(t.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('provider verification of pacts/ against the mock', () => {
  it('verifies every interaction of the committed pacts, HTTP states made through the admin API, webhook messages sent by the mock', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'verify-report-'));
    const result = await runCli(['verify', '--provider-base-url', baseUrl, '--report', join(dir, 'drift')], { stopAfterMs: 120_000 });
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain(`Pact verification against ${baseUrl} (mock)`);
    expect(result.stdout).toContain(`${interactions} verified, 0 failed, 0 not verifiable`);
    expect(result.code).toBe(0);
    const report = JSON.parse(readFileSync(join(dir, 'drift', 'verify-report.json'), 'utf8')) as DriftReport;
    expect(report.summary).toEqual({ verified: interactions, failed: 0, 'not verifiable': 0 });
    expect(report.interactions.map((interaction) => interaction.verdict)).toEqual(Array(interactions).fill('verified'));
    expect(existsSync(join(dir, 'drift', 'verify-report.md'))).toBe(true);
    const webhooks = report.interactions.filter((interaction) => interaction.pact.endsWith('merchant-app-commerce-api-webhooks.json'));
    expect(webhooks.map((interaction) => interaction.states[0])).toEqual(
      expect.arrayContaining(['order.paid is triggered', 'order.failed is triggered', 'order.cancelled is triggered', 'payment.paid is triggered', 'subscription.activated is triggered']),
    );
  }, 120_000);

  it("gives the mock back the state it had: the resets around each interaction do not cost a developer's records", async () => {
    await t.http.post('/__admin/clock/set').send({ at: '2027-05-01T08:00:00.000Z' }).expect(200);
    const token = await tokenFor(t);
    const product = (await t.http.post('/v1/products/create').set(bearer(token)).send({ name: 'Kept across verify', price: 10 }).expect(201)).body.data as { id: string };
    const result = await runCli(['verify', '--provider-base-url', baseUrl], { stopAfterMs: 120_000 });
    expect(result.code).toBe(0);
    expect((await t.http.get(`/v1/products/${product.id}`).set(bearer(token)).expect(200)).body.data).toMatchObject({ name: 'Kept across verify' });
    expect((await t.http.get('/__admin/clock').expect(200)).body.data.now).toBe('2027-05-01T08:00:00.000Z');
  }, 120_000);

  it('starts the mock itself when no provider base URL is given', async () => {
    const result = await runCli(['verify', COMMITTED_PACT], { stopAfterMs: 120_000 });
    expect(result.stdout).toMatch(/Pact verification against http:\/\/127\.0\.0\.1:\d+ \(mock\)/);
    expect(result.stdout).toContain(`${httpInteractions} verified, 0 failed, 0 not verifiable`);
    expect(result.code).toBe(0);
  }, 120_000);
});
