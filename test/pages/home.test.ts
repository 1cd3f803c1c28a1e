/** GET / and GET /__admin: what a newcomer who opens the mock's address in a browser finds. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.ts';

describe('GET /', () => {
  it('answers a small HTML page linking the API base, the docs, the QA console and the health check', async () => {
    const t = await createTestApp();
    const response = await t.http.get('/').expect(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const links = [...response.text.matchAll(/<a href="([^"]+)">/g)].map((match) => match[1]);
    expect(links).toEqual(['v1', 'docs/', '__admin/ui', '__admin/health']);
    // The host the browser reached (supertest's ephemeral port).
    expect(response.text).toMatch(/<code>http:\/\/127\.0\.0\.1:\d+\/v1<\/code>/);
    expect(response.text).toMatch(/<code>http:\/\/127\.0\.0\.1:\d+\/__admin\/health<\/code>/);
  });

  it('every link it gives leads somewhere: the docs, the console and the health check answer 200, /v1 is the API', async () => {
    const t = await createTestApp();
    await t.http.get('/docs/').expect(200);
    await t.http.get('/__admin/ui').expect(200);
    await t.http.get('/__admin/health').expect(200);
    const api = await t.http.get('/v1').expect(404);
    expect(api.body.error).toBe('not_found');
  });

  it('runs no script and allows only its own style block, by hash', async () => {
    const t = await createTestApp();
    const response = await t.http.get('/').expect(200);
    const style = /<style>([\s\S]*?)<\/style>/.exec(response.text)?.[1] ?? '';
    const hash = createHash('sha256').update(style).digest('base64');
    expect(response.headers['content-security-policy']).toBe(
      `default-src 'none'; style-src 'sha256-${hash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
    expect(response.text).not.toContain('<script');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('shows links under --public-url, escaped as HTML', async () => {
    // A URL's path may hold & and ' (a query or fragment is refused by the config), so the page escapes them.
    const t = await createTestApp({ publicUrl: "https://mock.example.test/a&b'c" });
    const response = await t.http.get('/').expect(200);
    expect(response.text).toContain('<code>https://mock.example.test/a&#38;b&#39;c/docs/</code>');
    expect(response.text).not.toContain("a&b'c");
  });

  it('answers HEAD with the headers and no body; another method is not the page', async () => {
    const t = await createTestApp();
    const head = await t.http.head('/').expect(200);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(head.text).toBeUndefined();
    const post = await t.http.post('/').expect(404);
    expect(post.body.error).toBe('not_found');
  });
});

describe('GET /__admin', () => {
  it.each(['/__admin', '/__admin/'])('%s redirects to the QA console (302), not 404', async (path) => {
    const t = await createTestApp();
    const response = await t.http.get(path).expect(302);
    expect(response.headers['location']).toBe('/__admin/ui');
  });

  it('redirects without the admin token on a locked host too: the console page holds no data', async () => {
    const t = await createTestApp({ host: '0.0.0.0', adminToken: 'let-me-in-please' });
    await t.http.get('/__admin').expect(302);
    await t.http.get('/__admin/requests').expect(401);
  });
});
