/**
 * The journal as HAR 1.2 (`GET /__admin/requests.har`, `commerce-mock journal --har`): valid against the HAR 1.2
 * schema (har-schema, the schema HTTP tools validate with), every exchange with its timings, secrets masked.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import ajvFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import type { HarDocument } from '../../src/traffic/traffic-har.ts';
import { runCli } from '../support/cli.ts';
import { listenersClosedAfterEach } from '../support/listening-app.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { walkThrough } from '../support/traffic-flows.ts';

const require = createRequire(import.meta.url);
const harSchemas = require('har-schema') as Record<string, { $id: string }>;

function harValidator() {
  const ajv = new Ajv({ allErrors: true, strict: false });
  ajv.addMetaSchema(require('ajv/dist/refs/json-schema-draft-06.json') as object);
  ajvFormats.default(ajv);
  for (const schema of Object.values(harSchemas)) ajv.addSchema(schema);
  return ajv.getSchema('har.json#') as NonNullable<ReturnType<Ajv['getSchema']>>;
}

const listening = listenersClosedAfterEach();

describe('the journal as HAR 1.2', () => {
  it('is valid HAR 1.2, one entry per request with its timings, and masks the bearer token and the client secret', async () => {
    const t = await createTestApp();
    await walkThrough(t);
    const har = (await t.http.get('/__admin/requests.har?clientId=mock-client').expect(200)).body as HarDocument;
    const validate = harValidator();
    expect(validate(har), JSON.stringify(validate.errors)).toBe(true);
    expect(har.log.entries).toHaveLength(10);
    const [token, product] = har.log.entries;
    expect(token?.request).toMatchObject({ method: 'POST', url: expect.stringMatching(/\/v1\/auth\/token$/) });
    expect(JSON.parse(token?.request.postData?.text ?? '{}')).toMatchObject({ client_id: 'mock-client', client_secret: '***' });
    expect(JSON.parse(token?.response.content.text ?? '{}')).toMatchObject({ data: { access_token: '***', refresh_token: '***' } });
    expect(product?.request.headers).toContainEqual({ name: 'authorization', value: 'Bearer ***' });
    expect(product?.response.status).toBe(201);
    expect(product?.time).toBeGreaterThanOrEqual(0);
    const text = JSON.stringify(har);
    expect(text).not.toContain('mock-secret');
    expect(text).not.toMatch(/mat_[A-Za-z0-9]{20,}/);
    expect(har.log.comment).toContain('16 KiB');
  });

  it('refuses an unknown client (404) and an instant that is no instant (400)', async () => {
    const t = await createTestApp();
    expect((await t.http.get('/__admin/requests.har?clientId=nobody').expect(404)).body.error).toBe('not_found');
    expect((await t.http.get('/__admin/requests.har?since=yesterday').expect(400)).body.error).toBe('invalid_request');
  });

  it('is written by commerce-mock journal --har, exit 0; an unknown client is exit 2 and writes nothing', async () => {
    const t = await createTestApp();
    await walkThrough(t);
    const url = await listening(t);
    const dir = mkdtempSync(join(tmpdir(), 'har-'));
    const file = join(dir, 'run.har');
    const written = await runCli(['journal', '--har', file, '--client', 'mock-client', '--url', url]);
    expect(written.stdout).toBe(`wrote ${file}: 10 request(s) of mock-client\n`);
    expect(written.code).toBe(0);
    expect(harValidator()(JSON.parse(readFileSync(file, 'utf8')))).toBe(true);
    const refused = await runCli(['journal', '--har', join(dir, 'nobody.har'), '--client', 'nobody', '--url', url]);
    expect(refused.stderr).toContain('client nobody is unknown');
    expect(refused.code).toBe(2);
    expect(existsSync(join(dir, 'nobody.har'))).toBe(false);
  });
});
