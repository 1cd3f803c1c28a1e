import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findBrowser, howToEnableBrowserTests, mustRunBrowserTests, USUAL_BROWSER_PATHS } from '../support/find-browser.ts';

describe('the browser the browser tests drive', () => {
  it('CHROMIUM_PATH, when it exists, is the browser', () => {
    const browser = join(mkdtempSync(join(tmpdir(), 'browser-')), 'chrome');
    writeFileSync(browser, '');
    expect(findBrowser({ CHROMIUM_PATH: browser })).toEqual({ path: browser, tried: [browser] });
  });

  it('a CHROMIUM_PATH that does not exist is reported, never replaced by another browser', () => {
    const search = findBrowser({ CHROMIUM_PATH: '/nowhere/chromium' });
    expect(search.path).toBeUndefined();
    expect(howToEnableBrowserTests(search)).toMatch(/^CHROMIUM_PATH=\/nowhere\/chromium does not exist\. Install one .*apt-get install chromium/);
  });

  it('without CHROMIUM_PATH, the usual places on Linux, macOS and Windows are tried, then Playwright’s own', () => {
    const search = findBrowser({});
    expect(search.tried.slice(0, USUAL_BROWSER_PATHS.length)).toEqual(USUAL_BROWSER_PATHS);
    expect(search.tried).toContain('/usr/bin/chromium');
    expect(search.tried.some((path) => path.includes('ms-playwright'))).toBe(true);
  });

  it('under CI the browser tests never skip', () => {
    expect(mustRunBrowserTests({ CI: 'true' })).toBe(true);
    expect(mustRunBrowserTests({ CI: '1' })).toBe(true);
    expect(mustRunBrowserTests({})).toBe(false);
    expect(mustRunBrowserTests({ CI: 'false' })).toBe(false);
  });
});
