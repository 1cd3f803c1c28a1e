/** The checkout page as the payer sees it: the order's content, escaped merchant data, and the 404/405 pages. */
import { describe, expect, it } from 'vitest';
import type { ProductRecord } from '../../src/domain/records.ts';
import { bearer, createTestApp, tokenFor } from '../support/test-app.ts';
import { hasTestId, placeOrder, testIdText } from '../support/checkout-helpers.ts';

const NBSP = '\u00a0';

describe('checkout page of a pending order', () => {
  it("the order's checkout link opens a page with the merchant, items, shipping and amount in MZN, and the payer's form", async () => {
    const t = await createTestApp();
    const order = await placeOrder(t);
    expect(order.path).toBe(`/checkout/${order.id}`);

    const page = await t.http.get(order.path).expect(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    const html = page.text;
    expect(testIdText(html, 'merchant')).toBe('Default merchant');
    expect(testIdText(html, 'customer')).toBe('Ana Machava');
    expect(testIdText(html, 'status')).toBe('Aguardando pagamento');
    expect(html).toContain('data-status="PENDING"');
    expect([...html.matchAll(/data-testid="item-name"[^>]*>([^<]*)</g)].map((match) => match[1])).toEqual(['Capulana', 'Caju torrado']);
    expect([...html.matchAll(/data-testid="item-total"[^>]*>([^<]*)</g)].map((match) => match[1])).toEqual([`700,00${NBSP}MZN`, `534,50${NBSP}MZN`]);
    expect(testIdText(html, 'subtotal')).toBe(`1${NBSP}234,50${NBSP}MZN`);
    expect(testIdText(html, 'shipping')).toBe(`150,00${NBSP}MZN`);
    expect(testIdText(html, 'shipping-address')).toBe('Av. Julius Nyerere, 1234 · Maputo · MZ');
    expect(testIdText(html, 'amount')).toBe(`1${NBSP}384,50${NBSP}MZN`);
    for (const control of ['pay-form', 'wallet-mpesa', 'wallet-emola', 'phone', 'pay', 'fail', 'cancel']) expect(hasTestId(html, control), control).toBe(true);
    expect(hasTestId(html, 'outcome')).toBe(false);
    expect(html).toMatch(/data-testid="wallet-mpesa" checked>/);
  });

  it("the customer's phone is prefilled and its wallet chosen; without one the field is empty under a hint placeholder", async () => {
    const t = await createTestApp();
    const emola = await placeOrder(t, { customer: { name: 'Rui', phone: '258 87 123 4567' }, items: [{ name: 'Caju', price: 10, quantity: 1 }] });
    const html = (await t.http.get(emola.path).expect(200)).text;
    expect(html).toContain('value="+258 87 123 4567" data-testid="phone"');
    expect(html).toMatch(/data-testid="wallet-emola" checked>/);
    const none = await placeOrder(t, { customer: { name: 'Ana' }, items: [{ name: 'Caju', price: 10, quantity: 1 }] });
    const empty = (await t.http.get(none.path).expect(200)).text;
    expect(empty).toContain('placeholder="ex.: 84 123 4567" value="" data-testid="phone"');
    expect(empty).toMatch(/data-testid="wallet-mpesa" checked>/);
  });

  it('HEAD answers like GET without a body; the order is unchanged by looking at it', async () => {
    const t = await createTestApp();
    const order = await placeOrder(t);
    const head = await t.http.head(order.path).expect(200);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    expect(head.text ?? '').toBe('');
    expect(t.events.map((event) => event.type)).not.toContain('order.paid');
  });

  it("shows the merchant's name when the mock knows one, else its client id", async () => {
    const t = await createTestApp();
    await t.http.post('/__admin/clients').send({ clientId: 'shop-2', clientSecret: 'shop-2-secret', name: 'Loja da Baixa' }).expect(201);
    await t.http.post('/__admin/clients').send({ clientId: 'shop-3', clientSecret: 'shop-3-secret' }).expect(201);
    const named = await placeOrder(t, undefined, await tokenFor(t, { client_id: 'shop-2', client_secret: 'shop-2-secret' }));
    const unnamed = await placeOrder(t, undefined, await tokenFor(t, { client_id: 'shop-3', client_secret: 'shop-3-secret' }));
    expect(testIdText((await t.http.get(named.path).expect(200)).text, 'merchant')).toBe('Loja da Baixa');
    expect(testIdText((await t.http.get(unnamed.path).expect(200)).text, 'merchant')).toBe('shop-3');
  });
});

describe('merchant data on the page', () => {
  it('product, customer and merchant values are escaped, never markup', async () => {
    const t = await createTestApp();
    const script = '<script>alert("x")</script>';
    await t.http.post('/__admin/clients').send({ clientId: 'evil', clientSecret: 'evil-secret', name: `<b onmouseover=alert(1)>Loja</b>` }).expect(201);
    const token = await tokenFor(t, { client_id: 'evil', client_secret: 'evil-secret' });
    const order = await placeOrder(
      t,
      {
        customer: { name: `<img src=x onerror=alert(1)>'"` },
        items: [{ name: script, price: 10, quantity: 1 }],
        shippingAddress: { street: '"><svg onload=alert(1)>', city: 'Beira' },
      },
      token,
    );
    const html = (await t.http.get(order.path).expect(200)).text;
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<svg');
    expect(html).not.toContain('<b onmouseover');
    expect(testIdText(html, 'item-name')).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(testIdText(html, 'customer')).toBe('&lt;img src=x onerror=alert(1)&gt;&#39;&quot;');
    expect(testIdText(html, 'merchant')).toBe('&lt;b onmouseover=alert(1)&gt;Loja&lt;/b&gt;');
    expect(testIdText(html, 'shipping-address')).toBe('&quot;&gt;&lt;svg onload=alert(1)&gt; · Beira');
  });

  it('an http(s) product image is shown; a javascript: URL (refused by the API, planted in the store) is not', async () => {
    const t = await createTestApp();
    const token = await tokenFor(t);
    const create = (name: string, imageUrl: string) =>
      t.http.post('/v1/products/create').set(bearer(token)).send({ name, price: 10, imageUrl }).expect(201);
    const shown = (await create('Com imagem', 'https://cdn.example.co.mz/a.jpg?x=1&y=2')).body.data as ProductRecord;
    const planted = (await create('Sem imagem', 'https://cdn.example.co.mz/b.jpg')).body.data as ProductRecord;
    t.store.put('products', { ...planted, clientId: 'mock-client', imageUrl: 'javascript:alert(document.domain)' });
    const order = await placeOrder(t, { customer: { name: 'Ana' }, items: [{ productId: shown.id, quantity: 1 }, { productId: planted.id, quantity: 1 }] }, token);

    const html = (await t.http.get(order.path).expect(200)).text;
    expect([...html.matchAll(/<img src="([^"]*)"/g)].map((match) => match[1])).toEqual(['https://cdn.example.co.mz/a.jpg?x=1&amp;y=2']);
    expect(html).not.toContain('javascript:');
  });
});

describe('pages that are not an order', () => {
  it.each(['/checkout/ord_unknown', '/checkout', '/checkout/', '/checkout/ord_a/b', '/checkout/%E0%A4%A'])('%s → 404 HTML page', async (path) => {
    const t = await createTestApp();
    const response = await t.http.get(path).expect(404);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(testIdText(response.text, 'message-title')).toBe('Pedido não encontrado');
  });

  it('a POST to an unknown order is a 404 page and writes nothing', async () => {
    const t = await createTestApp();
    const response = await t.http.post('/checkout/ord_unknown').type('form').send({ action: 'pay', wallet: 'mpesa', phone: '841234567' }).expect(404);
    expect(testIdText(response.text, 'message-title')).toBe('Pedido não encontrado');
    expect(t.events).toEqual([]);
  });

  it.each(['put', 'delete', 'patch'] as const)('%s → 405 with Allow, the order unchanged', async (method) => {
    const t = await createTestApp();
    const order = await placeOrder(t);
    const before = t.events.length;
    const response = await t.http[method](order.path).expect(405);
    expect(response.headers['allow']).toBe('GET, HEAD, POST');
    expect(testIdText(response.text, 'message-title')).toBe('Método não permitido');
    expect(t.events.length).toBe(before);
  });
});
