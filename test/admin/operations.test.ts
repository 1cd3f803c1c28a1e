import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { AdminContext } from '../../src/admin/admin-context.ts';
import { createAdminHandlers } from '../../src/admin/admin-handlers.ts';
import { ADMIN_SPEC_PATH } from '../../src/openapi/spec-document.ts';
import { createTestApp } from '../support/test-app.ts';

const document = parse(readFileSync(ADMIN_SPEC_PATH, 'utf8')) as { paths: Record<string, Record<string, { operationId?: string }>> };
const operationIds = Object.values(document.paths).flatMap((item) =>
  Object.values(item).flatMap((operation) => (operation?.operationId ? [operation.operationId] : [])),
);

/** Documented operations without a handler (none: a new operation without one fails this test). */
const AWAITING_HANDLERS: string[] = [];

describe('every operation of spec/admin.yaml has a handler', () => {
  it('the handler table has exactly the documented operationIds, less those awaiting a handler', async () => {
    const t = await createTestApp();
    const admin = { deps: t.deps, flows: t.core.flows, scenarios: t.core.scenarios, journal: t.core.journal, webhooks: t.core.webhooks } as unknown as AdminContext;
    const handled = Object.keys(createAdminHandlers(admin)).sort();
    expect(handled).toEqual(operationIds.filter((id) => !AWAITING_HANDLERS.includes(id)).sort());
    expect(AWAITING_HANDLERS.filter((id) => !operationIds.includes(id))).toEqual([]);
  });

  it('each admin route answers something other than 500 for a plain call', async () => {
    const t = await createTestApp();
    const unhandled: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        if (!operation?.operationId || AWAITING_HANDLERS.includes(operation.operationId)) continue;
        const url = `/__admin${path.replace('{client_id}', 'mock-client').replace('{name}', 'none').replace('{order_id}', 'ord_none').replace('{delivery_id}', 'dlv_none')}`;
        const response = await t.http[method as 'get' | 'post' | 'put' | 'delete'](url).send({});
        if (response.status >= 500) unhandled.push(`${method.toUpperCase()} ${path} → ${response.status}`);
      }
    }
    expect(unhandled).toEqual([]);
  });
});

describe('the admin API and the rate limit', () => {
  it('admin calls are never rate limited, and do not use up the API’s window', async () => {
    const t = await createTestApp({ rateLimit: { limit: 2 } });
    for (let call = 0; call < 5; call += 1) {
      const response = await t.http.get('/__admin/clock').expect(200);
      expect(response.headers['ratelimit-remaining']).toBeUndefined();
    }
    await t.http.post('/v1/auth/token').send({ client_id: 'mock-client', client_secret: 'mock-secret' }).expect(200);
  });
});
