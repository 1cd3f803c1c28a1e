import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONSOLE_DIR } from '../../src/pages/console-page.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const files = readdirSync(CONSOLE_DIR);
const scripts = files.filter((file) => file.endsWith('.js'));
const read = (file: string) => readFileSync(join(CONSOLE_DIR, file), 'utf8');
const page = read('index.html');

const TYPES: Record<string, RegExp> = { '.css': /^text\/css/, '.svg': /^image\/svg\+xml/, '.js': /^(text|application)\/javascript/ };

/** The files a module imports, as written (`./dom.js`). */
function importsOf(source: string): string[] {
  return [...source.matchAll(/^import\s[^'"]*['"]([^'"]+)['"]/gm)].map((match) => match[1] ?? '');
}

/** What the page and every module reach, from index.html through each import. */
async function servedGraph(t: TestApp): Promise<Map<string, { status: number; type: string; text: string }>> {
  const seen = new Map<string, { status: number; type: string; text: string }>();
  // A view's address (`#/journal`) is the page itself, not a file.
  const pending = [...page.matchAll(/(?:src|href)="([^"#][^"]*)"/g)].map((match) => match[1] ?? '');
  while (pending.length > 0) {
    const url = pending.shift() ?? '';
    if (seen.has(url)) continue;
    // As bytes whatever the type: supertest parses only the types it knows, and SVG is not one.
    const response = await t.http.get(url).responseType('blob');
    const text = Buffer.from(response.body as Buffer).toString('utf8');
    seen.set(url, { status: response.status, type: String(response.headers['content-type']), text });
    if (url.endsWith('.js')) pending.push(...importsOf(text).map((specifier) => new URL(specifier, `http://x${url}`).pathname));
  }
  return seen;
}

describe('the QA console page', () => {
  it.each(['/__admin/ui', '/__admin/ui/'])('GET %s → 200 HTML, a page that loads only its own files', async (path) => {
    const t = await createTestApp();
    const response = await t.http.get(path).expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.text).toBe(page);
    expect(response.text).toContain('<script type="module" src="/__admin/ui/console.js">');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'; script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('every file the page and its modules reference is served with its type', async () => {
    const t = await createTestApp();
    const graph = await servedGraph(t);
    expect([...graph.keys()].sort()).toEqual(
      ['/__admin/ui/console.css', '/__admin/ui/favicon.svg', ...scripts.map((script) => `/__admin/ui/${script}`)].sort(),
    );
    for (const [url, answer] of graph) {
      expect(answer.status, url).toBe(200);
      expect(answer.type, url).toMatch(TYPES[url.slice(url.lastIndexOf('.'))] ?? /none/);
      expect(answer.text, url).toBe(read(url.slice('/__admin/ui/'.length)));
    }
  });

  it('references no external URL: no other origin in src or href, imports only of its own files, no URL in code', () => {
    // Its own files, or one of its own views (`#/journal`).
    for (const [, url] of page.matchAll(/(?:src|href|action)="([^"]*)"/g)) expect(url).toMatch(/^\/__admin\/ui\/[a-z-]+\.(js|css|svg)$|^#\/[a-z]+$/);
    for (const script of scripts) {
      const source = read(script);
      for (const specifier of importsOf(source)) expect(specifier, script).toMatch(/^\.\/[a-z-]+\.js$/);
      expect(source, script).not.toMatch(/:\/\/|\bimport\(/);
    }
    expect(read('console.css')).not.toMatch(/url\(|@import/);
  });

  it('never parses data as HTML: no innerHTML, outerHTML, insertAdjacentHTML or document.write', () => {
    for (const script of scripts) expect(read(script), script).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write/);
  });

  it('every element the code looks up by test id is on the page', () => {
    const looked = scripts.flatMap((script) => [...read(script).matchAll(/\b(?:byTestId|on|onSubmit)\('([^']+)'/g)].map((match) => match[1]));
    const onPage = new Set([...page.matchAll(/data-testid="([^"]+)"/g)].map((match) => match[1]));
    expect(looked.length).toBeGreaterThan(30);
    expect(looked.filter((id) => !onPage.has(id))).toEqual([]);
  });

  it('an unknown file or a path out of the folder is not served', async () => {
    const t = await createTestApp();
    const missing = await t.http.get('/__admin/ui/nope.js').expect(404);
    expect(missing.body).toMatchObject({ error: 'not_found' });
    for (const path of ['/__admin/ui/%2e%2e/%2e%2e/%2e%2e/package.json', '/__admin/ui/..%2f..%2f..%2fpackage.json']) {
      const response = await t.http.get(path);
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.text).not.toContain('"commerce-mock"');
    }
  });

  it('on a non-loopback host the page is served without the admin token, and its admin calls still need it', async () => {
    const t = await createTestApp({ host: '0.0.0.0', adminToken: 'admin-secret-123' });
    await t.http.get('/__admin/ui').expect(200);
    await t.http.get('/__admin/ui/console.js').expect(200);
    expect((await t.http.get('/__admin/clients').expect(401)).body.error).toBe('invalid_token');
  });

  it('only GET and HEAD are the page’s: a POST falls through to the admin API’s 404', async () => {
    const t = await createTestApp();
    await t.http.head('/__admin/ui').expect(200);
    const response = await t.http.post('/__admin/ui').send({}).expect(404);
    expect(response.body).toMatchObject({ error: 'not_found' });
  });
});
