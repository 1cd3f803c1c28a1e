/**
 * pact-check says no where it did not look or where the mock says no: untyped interactions under specification 4
 * and later, and a pact with no interactions, are errors (exit 1); the batch operations' own body limit
 * (`x-max-body-bytes`) is applied as the server applies it; a 404 or 405 expected with a partial error body is
 * judged by the partial-body rule, as a 401 is.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkPactFile, type PactReport } from '../../src/pact-check/pact-openapi-check.ts';
import { runCli } from '../support/cli.ts';
import { sharedRouter } from '../support/shared-router.ts';
import { bearer, createTestApp, tokenFor } from '../support/test-app.ts';

const TOKEN = 'Bearer mat_Q2x8Lr5Tn1Vb7Yc3Md9Kf4Hp6Js0WaZ';
const json = (content: unknown) => ({ content, contentType: 'application/json', encoded: false });

function pactFile(interactions: unknown[], version = '4.0'): string {
  const file = join(mkdtempSync(join(tmpdir(), 'pact-limits-')), 'pact.json');
  writeFileSync(file, JSON.stringify({ consumer: { name: 'app' }, provider: { name: 'api' }, interactions, metadata: { pactSpecification: { version } } }));
  return file;
}

async function reportOf(file: string): Promise<PactReport> {
  const checked = await checkPactFile(file, await sharedRouter());
  if (!checked.readable) throw new Error(checked.reason);
  return checked.report;
}

const untyped = {
  description: 'a product list without a type',
  request: { method: 'GET', path: '/v1/products', headers: { Authorization: [TOKEN] } },
  response: { status: 200 },
};

/** 500 products, each at the name and description limits with 7 KiB of metadata: about 4.7 MB, a valid batch. */
function largestBatch(): { products: object[] } {
  const metadata = Object.fromEntries(Array.from({ length: 7 }, (_, index) => [`k${index}`, 'm'.repeat(1000)]));
  return {
    products: Array.from({ length: 500 }, (_, index) => ({
      originProductId: `SKU-${String(index).padStart(6, '0')}`,
      name: 'N'.repeat(200),
      description: 'D'.repeat(2000),
      price: 1500,
      metadata,
    })),
  };
}

describe('pact-check: nothing unchecked passes', () => {
  it.each(['4.0', '5.0', '9.0'])('an untyped interaction under specification %s is not allowed', async (version) => {
    const report = await reportOf(pactFile([untyped], version));
    expect(report.ok).toBe(false);
    expect(report.summary).toEqual({ interactions: 1, allowed: 0, notAllowed: 1, skipped: 0 });
    expect(report.interactions[0]?.problems).toEqual([{ where: 'interaction.type', message: expect.stringContaining('not checked, so not allowed') }]);
  });

  it('a pact with no interactions is an error: exit 1, not "every interaction is allowed"', async () => {
    const result = await runCli(['pact-check', pactFile([])]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('the pact has no interactions');
    expect(result.stdout).not.toContain('every interaction is allowed');
    const untypedRun = await runCli(['pact-check', pactFile([untyped], '5.0')]);
    expect(untypedRun.code).toBe(1);
  }, 60_000);
});

describe('pact-check and the server apply the same body limits', () => {
  it('a 500-record batch within every field limit: the mock answers 200, and pact-check allows the 200', async () => {
    const batch = largestBatch();
    expect(Buffer.byteLength(JSON.stringify(batch))).toBeGreaterThan(4 * 1024 * 1024);
    const t = await createTestApp();
    const response = await t.http.post('/v1/products/sync/batch').set(bearer(await tokenFor(t))).send(batch);
    expect(response.status).toBe(200);
    expect(response.body.summary).toEqual({ created: 500, updated: 0 });

    const interaction = (status: number) => ({
      type: 'Synchronous/HTTP',
      description: `a batch answered ${status}`,
      request: { method: 'POST', path: '/v1/products/sync/batch', headers: { Authorization: [TOKEN], 'Content-Type': ['application/json'] }, body: json(batch) },
      response: { status },
    });
    const report = await reportOf(pactFile([interaction(200)]));
    expect(report.interactions.map((checked) => [checked.ok, checked.problems])).toEqual([[true, []]]);
  }, 60_000);

  it('over the 1 MiB limit of an operation without its own: 413 from both', async () => {
    const body = { name: 'Caju', price: 10, description: 'x'.repeat(2000), metadata: { blob: 'y'.repeat(1024 * 1024) } };
    const t = await createTestApp();
    const response = await t.http.post('/v1/products/create').set(bearer(await tokenFor(t))).send(body).expect(413);
    expect(response.body.error).toBe('invalid_request');
    const interaction = (status: number) => ({
      type: 'Synchronous/HTTP',
      description: `a product too large, answered ${status}`,
      request: { method: 'POST', path: '/v1/products/create', headers: { Authorization: [TOKEN], 'Content-Type': ['application/json'] }, body: json(body) },
      response: { status },
    });
    const report = await reportOf(pactFile([interaction(413), interaction(201)]));
    expect(report.interactions.map((checked) => checked.ok)).toEqual([true, false]);
    expect(report.interactions[1]?.problems[0]).toEqual({ where: 'request.body', message: expect.stringMatching(/over createProduct's limit of 1048576/) });
  });
});

describe('pact-check: partial error bodies on 404 and 405, as on 401', () => {
  it.each([
    ['an unknown path', 'GET', '/v1/nowhere', 404, { error: 'not_found' }],
    ['a wrong method', 'DELETE', '/v1/products', 405, { error: 'method_not_allowed' }],
  ])('%s expected with {error} alone is allowed; a field the error body lacks is not', async (_what, method, path, status, body) => {
    const interaction = (content: object) => ({
      type: 'Synchronous/HTTP',
      description: `${method} ${path}`,
      request: { method, path, headers: { Authorization: [TOKEN] } },
      response: { status, body: json(content) },
    });
    const report = await reportOf(pactFile([interaction(body), interaction({ ...body, reason: 'x' })]));
    expect(report.interactions.map((checked) => [checked.ok, checked.problems])).toEqual([
      [true, []],
      [false, [{ where: 'response.body', message: 'reason: not a field of the error body' }]],
    ]);
  });
});
