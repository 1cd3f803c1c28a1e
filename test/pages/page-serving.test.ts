/**
 * Every answer of every page (HTML, files, JSON, redirects) carries the same security headers and the policy its
 * page declares, built by src/pages/page-serving.ts; a method a page does not serve falls through to the API.
 */
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../src/pages/page-serving.ts';
import { createTestApp } from '../support/test-app.ts';
import { placeOrder, submit } from '../support/checkout-helpers.ts';

const CONSOLE = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
const DOCS = (origin: string) =>
  `default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self' ${origin}; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`;
const CHECKOUT = "default-src 'none'; style-src 'unsafe-inline'; img-src http: https:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

describe('pages served one way', () => {
  it('writes the policy in one directive order, with what every page shares set to none', () => {
    expect(contentSecurityPolicy({})).toBe("default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
    expect(contentSecurityPolicy({ imgSrc: ['https:'], scriptSrc: ["'self'"], formAction: ["'self'"] })).toBe(
      "default-src 'none'; script-src 'self'; img-src https:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    );
  });

  it('every kind of answer of every page carries the shared headers and its page policy', async () => {
    const t = await createTestApp();
    const order = await placeOrder(t);
    // supertest listens on a new ephemeral port for each request: the one /docs names is the one it was reached by.
    const origin = 'http://127.0.0.1:PORT';
    const cases: [string, number, string, string, string][] = [
      ['/__admin', 302, CONSOLE, 'no-referrer', 'no-cache'],
      ['/__admin/ui', 200, CONSOLE, 'no-referrer', 'no-cache'],
      ['/__admin/ui/console.js', 200, CONSOLE, 'no-referrer', 'no-cache'],
      ['/docs', 301, DOCS(origin), 'no-referrer', 'no-store'],
      ['/docs/', 200, DOCS(origin), 'no-referrer', 'no-store'],
      ['/docs/swagger-ui-bundle.js', 200, DOCS(origin), 'no-referrer', 'no-store'],
      ['/docs/openapi.json', 200, DOCS(origin), 'no-referrer', 'no-store'],
      [order.path, 200, CHECKOUT, 'same-origin', 'no-store'],
    ];
    for (const [path, status, policy, referrer, cache] of cases) {
      const response = await t.http.get(path).expect(status);
      expect({ path, csp: response.headers['content-security-policy']?.replace(/127\.0\.0\.1:\d+/, '127.0.0.1:PORT'), referrer: response.headers['referrer-policy'], cache: response.headers['cache-control'] }).toEqual({ path, csp: policy, referrer, cache });
      expect(response.headers['x-content-type-options'], path).toBe('nosniff');
    }
    const redirect = await submit(t, order.path, { action: 'cancel' }).expect(303);
    expect(redirect.headers['content-security-policy']).toBe(CHECKOUT);
  });

  it("a method a page does not serve is the API's to answer: POST / is a JSON 404, POST /docs/ too", async () => {
    const t = await createTestApp();
    for (const path of ['/', '/docs/']) {
      const response = await t.http.post(path).send({}).expect(404);
      expect(response.body.error).toBe('not_found');
      expect(response.headers['content-security-policy']).toBeUndefined();
    }
  });

  it("a file not in a page's list is not served: the admin API answers it (404, JSON)", async () => {
    const t = await createTestApp();
    const response = await t.http.get('/__admin/ui/../../package.json').expect(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    await t.http.get('/docs/index.html.bak').expect(404);
  });
});
