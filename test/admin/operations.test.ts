import { describe, expect, it } from 'vitest';
import type { AdminContext } from '../../src/admin/admin-context.ts';
import { createAdminHandlers } from '../../src/admin/admin-handlers.ts';
import { sharedAdminRouter } from '../support/shared-router.ts';
import { createTestApp } from '../support/test-app.ts';

const { operations } = await sharedAdminRouter();
const operationIds = operations.flatMap(({ operationId }) => (operationId ? [operationId] : []));

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
    for (const { operationId, method, path } of operations) {
      if (!operationId || AWAITING_HANDLERS.includes(operationId)) continue;
      const url = `/__admin${path.replace('{client_id}', 'mock-client').replace('{name}', 'none').replace('{order_id}', 'ord_none').replace('{delivery_id}', 'dlv_none')}`;
      const response = await t.http[method as 'get' | 'post' | 'put' | 'delete'](url).send({});
      if (response.status >= 500) unhandled.push(`${method.toUpperCase()} ${path} → ${response.status}`);
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
