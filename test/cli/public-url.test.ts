/**
 * `--public-url` is written into checkout links, the /docs servers and a Content-Security-Policy: only an http(s)
 * URL without credentials, query or fragment is taken; anything else exits 2 naming the flag, before listening.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.ts';
import { createTestApp } from '../support/test-app.ts';

describe('--public-url', () => {
  it.each([
    ['javascript:alert(document.domain)//', 'expected an http:// or https:// URL'],
    ['data:text/html,<script>alert(1)</script>', 'expected an http:// or https:// URL'],
    ['ftp://mock.example.test', 'expected an http:// or https:// URL'],
    ['http://user:pass@mock.example.test', 'must not carry credentials (user:password@)'],
    ['https://token@mock.example.test', 'must not carry credentials (user:password@)'],
    ['http://mock.example.test/?next=x', 'must not carry a query or a fragment: links are built under it'],
    ['not a url', 'expected an http:// or https:// URL'],
  ])('%s → exit 2, naming the flag and the rule, nothing started', async (url, rule) => {
    const result = await runCli(['start', '--in-memory', '--port', '0', '--public-url', url]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`commerce-mock: --public-url: ${rule}\n`);
    expect(result.stdout).not.toContain('listening');
  });

  it('an https URL with a path is taken: the docs policy connects to its origin', async () => {
    const t = await createTestApp({ publicUrl: 'https://mock.example.test/base' });
    const page = await t.http.get('/docs/').expect(200);
    expect(page.headers['content-security-policy']).toContain("connect-src 'self' https://mock.example.test;");
  });
});
