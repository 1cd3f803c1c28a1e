/**
 * The built server (`npm run build`, then bin/commerce-mock.js) serves the checkout page: code in dist/ finds its
 * templates (tsc copies only code), and a payment made there shows on the status endpoint.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { checkedFetch, startCli, type Started } from '../support/cli.ts';

let server: Started | undefined;

afterAll(async () => {
  server?.child.kill('SIGTERM');
  await server?.exited;
});

describe('checkout page of the built server', () => {
  it('GET shows the order, POST prompts the payer, who answers: the status endpoint answers PAID', async () => {
    server = await startCli(['--in-memory', '--seed-data', 'none']);
    const json = { 'Content-Type': 'application/json' };
    const issued = await checkedFetch(`${server.baseUrl}/v1/auth/token`, { method: 'POST', headers: json, body: JSON.stringify({ client_id: 'mock-client', client_secret: 'mock-secret' }) });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const auth = { Authorization: `Bearer ${(issued.body as { data: { access_token: string } }).data.access_token}` };
    const placed = await checkedFetch(`${server.baseUrl}/v1/orders`, {
      method: 'POST',
      headers: { ...json, ...auth },
      body: JSON.stringify({ customer: { name: 'Ana' }, items: [{ name: 'Capulana', price: 350, quantity: 2 }] }),
    });
    const { id, checkout } = (placed.body as { data: { id: string; checkout: string } }).data;

    const page = await fetch(checkout);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await page.text();
    expect(html).toContain('data-testid="amount">700,00\u00a0MZN<');
    const token = /name="token" value="([^"]+)"/.exec(html)?.[1] ?? '';

    const form = new URLSearchParams({ token, action: 'pay', wallet: 'emola', phone: '+258 87 123 4567' });
    const paid = await fetch(checkout, { method: 'POST', body: form, redirect: 'manual' });
    expect([paid.status, paid.headers.get('location')]).toEqual([303, id]);
    // The payer answers the phone prompt 10 s of mock time later.
    // An admin call (spec/admin.yaml; checkedFetch validates against the API document only).
    const advanced = await fetch(`${server.baseUrl}/__admin/clock/advance`, { method: 'POST', headers: json, body: JSON.stringify({ seconds: 10 }) });
    expect(advanced.status).toBe(200);
    const status = await checkedFetch(`${server.baseUrl}/v1/orders/${id}/status`, { headers: auth });
    expect((status.body as { data: { status: string } }).data.status).toBe('PAID');
  });
});
