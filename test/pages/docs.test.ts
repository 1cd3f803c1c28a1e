import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { operations } from '../support/openapi-doc.ts';
import { createTestApp } from '../support/test-app.ts';
import { adminDocument, apiDocument } from '../support/docs-documents.ts';

const SWAGGER_UI_DIR = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/swagger-ui-bundle.js'));
const PAGE_DIR = new URL('../../src/pages/docs/public/', import.meta.url);

describe('/docs page', () => {
  it('redirects /docs to /docs/ with a relative location, so the page links resolve behind a path prefix too', async () => {
    const t = await createTestApp();
    const response = await t.http.get('/docs?x=1').expect(301);
    expect(response.headers['location']).toBe('docs/');
  });

  it('serves the page as HTML under a policy that allows scripts and styles of the mock only', async () => {
    const t = await createTestApp();
    const response = await t.http.get('/docs/').expect(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.text).toContain('<div id="swagger-ui"></div>');
    const policy = response.headers['content-security-policy'];
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("default-src 'self'");
  });

  it('refers to no other host: every link of the page and of its start-up script is relative', async () => {
    const t = await createTestApp();
    const page = (await t.http.get('/docs/').expect(200)).text;
    const links = [...page.matchAll(/(?:src|href)="([^"]*)"/g)].map((match) => match[1]);
    expect(links).toEqual([
      'swagger-ui.css',
      'docs.css',
      'favicon-32x32.png',
      'favicon-16x16.png',
      'swagger-ui-bundle.js',
      'swagger-ui-standalone-preset.js',
      'docs-init.js',
    ]);
    expect(page).not.toMatch(/https?:|\/\//);
    const script = (await t.http.get('/docs/docs-init.js').expect(200)).text;
    expect(script).not.toMatch(/https?:\/\//);
  });

  it.each([
    ['swagger-ui-bundle.js', SWAGGER_UI_DIR, 'text/javascript; charset=utf-8'],
    ['swagger-ui-standalone-preset.js', SWAGGER_UI_DIR, 'text/javascript; charset=utf-8'],
    ['swagger-ui.css', SWAGGER_UI_DIR, 'text/css; charset=utf-8'],
    ['favicon-32x32.png', SWAGGER_UI_DIR, 'image/png'],
    ['docs-init.js', PAGE_DIR.pathname, 'text/javascript; charset=utf-8'],
    ['docs.css', PAGE_DIR.pathname, 'text/css; charset=utf-8'],
  ])('serves %s byte for byte with its content type', async (file, dir, type) => {
    const t = await createTestApp();
    const response = await t.http.get(`/docs/${file}`).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe(type);
    expect((response.body as Buffer).equals(readFileSync(join(dir, file)))).toBe(true);
  });

  it.each(['index.html', 'swagger-initializer.js', 'oauth2-redirect.html', 'package.json', '__proto__', '..%2Fpackage.json'])(
    'serves no other file of swagger-ui-dist or of the page folder: /docs/%s is the API 404',
    async (file) => {
      const t = await createTestApp();
      const response = await t.http.get(`/docs/${file}`).expect(404);
      expect(response.body).toMatchObject({ error: 'not_found' });
    },
  );

  it('answers page and document requests outside the API: not rate limited, not journaled', async () => {
    const t = await createTestApp({ rateLimit: { enabled: true, limit: 2, windowSeconds: 60 } });
    for (const file of ['', 'docs-init.js', 'swagger-config.json', 'openapi.json', 'admin.json']) await t.http.get(`/docs/${file}`).expect(200);
    const journaled = await t.http.get('/__admin/requests/count').expect(200);
    expect(journaled.body).toEqual({ data: { count: 0 } });
    const response = await t.http.get('/v1/products').expect(401);
    expect(response.headers['ratelimit-remaining']).toBe('1');
  });
});

describe('/docs documents', () => {
  it('serves spec/openapi.yaml as JSON, unchanged but for servers, which point at the mock the page was loaded from', async () => {
    const t = await createTestApp();
    const response = await t.http.get('/docs/openapi.json').set('Host', 'localhost:4321').expect(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const served = response.body as Record<string, unknown>;
    expect((served['servers'] as { url: string }[]).map((server) => server.url)).toEqual([
      'http://localhost:4321/v1',
      'http://localhost:4321/api/v1',
      'http://localhost:4321/api',
    ]);
    const source = apiDocument();
    expect(operations(served)).toHaveLength(operations(source).length);
    expect({ ...served, servers: [] }).toEqual({ ...source, servers: [] });
  });

  it('serves spec/admin.yaml as JSON with its server at /__admin of the same mock', async () => {
    const t = await createTestApp();
    const response = await t.http.get('/docs/admin.json').set('Host', '127.0.0.1:4010').expect(200);
    const served = response.body as Record<string, unknown>;
    expect((served['servers'] as { url: string }[]).map((server) => server.url)).toEqual(['http://127.0.0.1:4010/__admin']);
    const source = adminDocument();
    expect(operations(served)).toHaveLength(operations(source).length);
    expect({ ...served, servers: [] }).toEqual({ ...source, servers: [] });
  });

  it('points the servers at --public-url when one is configured', async () => {
    const t = await createTestApp({ publicUrl: 'https://mock.example.test/base/' });
    const api = (await t.http.get('/docs/openapi.json').expect(200)).body as { servers: { url: string }[] };
    expect(api.servers[0]?.url).toBe('https://mock.example.test/base/v1');
    const admin = (await t.http.get('/docs/admin.json').expect(200)).body as { servers: { url: string }[] };
    expect(admin.servers[0]?.url).toBe('https://mock.example.test/base/__admin');
  });

  it('never echoes a Host that does not name this machine into the servers', async () => {
    const t = await createTestApp();
    const api = (await t.http.get('/docs/openapi.json').set('Host', 'attacker.example').expect(200)).body as { servers: { url: string }[] };
    expect(api.servers.map((server) => new URL(server.url).hostname)).toEqual(['127.0.0.1', '127.0.0.1', '127.0.0.1']);
  });
});

describe('/docs Swagger UI configuration', () => {
  it('lists both documents, the API first, with the schemes "Authorize" fills and the default client', async () => {
    const t = await createTestApp();
    const response = await t.http.get('/docs/swagger-config.json').expect(200);
    expect(response.body).toEqual({
      urls: [
        { name: 'Commerce API (spec/openapi.yaml)', url: 'openapi.json' },
        { name: 'Admin API (spec/admin.yaml)', url: 'admin.json' },
      ],
      primaryName: 'Commerce API (spec/openapi.yaml)',
      basicScheme: 'clientBasic',
      bearerScheme: 'bearerAuth',
      credentials: { clientId: 'mock-client', clientSecret: 'mock-secret' },
    });
  });

  it("never sends a configured client's secret: with clients of the user's own, no credentials", async () => {
    const t = await createTestApp({ clients: [{ clientId: 'shop', clientSecret: 'shop-secret-123', active: true }] });
    const body = (await t.http.get('/docs/swagger-config.json').expect(200)).body as Record<string, unknown>;
    expect(body).not.toHaveProperty('credentials');
    expect(JSON.stringify(body)).not.toContain('shop-secret-123');
  });

  it('offers no credentials when the default client id has another secret', async () => {
    const t = await createTestApp({ clients: [{ clientId: 'mock-client', clientSecret: 'changed-secret', active: true }] });
    const body = (await t.http.get('/docs/swagger-config.json').expect(200)).body as Record<string, unknown>;
    expect(body).not.toHaveProperty('credentials');
  });

  it('offers no credentials once the default client is deactivated through the admin API', async () => {
    const t = await createTestApp();
    await t.http.post('/__admin/clients/mock-client/deactivate').expect(200);
    const body = (await t.http.get('/docs/swagger-config.json').expect(200)).body as Record<string, unknown>;
    expect(body).not.toHaveProperty('credentials');
  });
});
