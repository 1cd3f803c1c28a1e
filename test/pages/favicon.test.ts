/** GET /favicon.ico: what a browser asks for on every page that declares no icon; never an API 404 in the journal. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONSOLE_DIR } from '../../src/pages/console-page.ts';
import { createTestApp } from '../support/test-app.ts';

describe('GET /favicon.ico', () => {
  it('answers the console’s icon as a page (shared headers, no script allowed) and leaves the journal empty', async () => {
    const t = await createTestApp();
    const icon = await t.http.get('/favicon.ico').buffer(true).expect(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(Buffer.from(icon.body as Buffer)).toEqual(readFileSync(join(CONSOLE_DIR, 'favicon.svg')));
    expect(icon.headers['x-content-type-options']).toBe('nosniff');
    expect(icon.headers['content-security-policy']).toBe("default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
    await t.http.head('/favicon.ico').expect(200);
    expect((await t.http.get('/__admin/requests').expect(200)).body).toEqual({ data: [], total: 0 });
  });

  it('another method falls through to the API, which refuses it as any unknown path', async () => {
    const t = await createTestApp();
    const refused = await t.http.post('/favicon.ico').send({});
    expect(refused.status).toBe(404);
    expect(refused.body.error).toBe('not_found');
  });
});
