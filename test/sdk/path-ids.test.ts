/**
 * The typed admin client puts an id in a path only when it is an id (domain/ids.ts): `..` and `.` survive
 * `encodeURIComponent` and would resolve to another route, so they are refused before anything is sent, as the
 * admin API refuses a bad parameter (AdminError 400 invalid_request naming it). Other parameters (a phone) are
 * at least no dot segment.
 */
import { describe, expect, it, vi } from 'vitest';
import { AdminError } from '../../src/admin-http/admin-error.ts';
import { createAdminClient } from '../../src/sdk/admin-client.ts';

const unsent = () => vi.fn<typeof globalThis.fetch>(() => Promise.reject(new Error('no request should be sent')));

describe('ids in the admin client paths', () => {
  it.each(['..', '.', '', 'a b', 'é', 'x'.repeat(201)])('client id %j: AdminError 400 naming client_id, nothing sent', async (clientId) => {
    const fetch = unsent();
    const admin = createAdminClient('http://127.0.0.1:9', { fetch });
    const refused = await admin.clients.clock(clientId).advance(86_400).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AdminError);
    expect(refused).toMatchObject({ status: 400, code: 'invalid_request', body: { details: [{ path: 'client_id' }] }, request: 'POST /__admin/clients/{client_id}/clock/advance' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('an order id or a tenant id of `..` is refused the same way', async () => {
    const fetch = unsent();
    const admin = createAdminClient('http://127.0.0.1:9', { fetch });
    await expect(admin.orders.story('..')).rejects.toMatchObject({ status: 400, body: { details: [{ path: 'order_id' }] } });
    await expect(admin.tenants.delete('..')).rejects.toMatchObject({ status: 400, body: { details: [{ path: 'client_id' }] } });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('ids with dots, percent signs and slashes are encoded and sent as one segment', async () => {
    const answering = vi.fn<typeof globalThis.fetch>(() => Promise.resolve(new Response(JSON.stringify({ data: {} }), { status: 200 })));
    const admin = createAdminClient('http://127.0.0.1:9', { fetch: answering });
    for (const clientId of ['...', 'a.b', '%2e%2e', '../x']) await admin.clients.clock(clientId).get();
    expect(answering.mock.calls.map(([url]) => String(url))).toEqual([
      'http://127.0.0.1:9/__admin/clients/.../clock',
      'http://127.0.0.1:9/__admin/clients/a.b/clock',
      'http://127.0.0.1:9/__admin/clients/%252e%252e/clock',
      'http://127.0.0.1:9/__admin/clients/..%2Fx/clock',
    ]);
  });
});
