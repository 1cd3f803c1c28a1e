/**
 * The browser tests' one browser and one tab per test process, shared by the files a worker runs one after another.
 */
import type { Browser, Page } from 'playwright-core';
import { afterEach } from 'vitest';
import { launchBrowser } from './browser.ts';

/**
 * One browser per test process, launched on first use and never closed by a test: the browser project runs its files
 * one after another in each worker (isolate: false), and Playwright ends the browser with the process. A launch costs
 * about a second of CPU on a two-core machine; a file of its own would pay it again.
 */
let shared: Promise<Browser> | undefined;
export function sharedBrowser(): Promise<Browser> {
  shared ??= launchBrowser().then((browser) => {
    browser.on('disconnected', () => (shared = undefined));
    return browser;
  });
  return shared;
}

/** A new page's size (Playwright's default), the one a borrowed tab is given back at. */
const DEFAULT_VIEWPORT = { width: 1280, height: 720 };
let tab: Promise<Page> | undefined;

/**
 * The process's one tab, kept open from test to test: a page opened in a new tab starts a renderer process (about
 * 2 s of CPU here), while a page loaded in this one reuses its renderer (about 0.6 s). Each test's mock listens on a
 * port of its own, so each is another origin with its own storage. Give it back with `returnTab` after the test.
 */
export async function borrowTab(viewport = DEFAULT_VIEWPORT): Promise<Page> {
  tab ??= sharedBrowser().then(async (browser) => {
    const page = await browser.newPage();
    page.on('close', () => (tab = undefined));
    return page;
  });
  const page = await tab;
  await page.setViewportSize(viewport);
  return page;
}

/** Leaves the tab blank for the next test: no route of this test, no storage of its origin, the default size. */
export async function returnTab(page: Page): Promise<void> {
  if (page.isClosed()) return;
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  if (page.url().startsWith('http')) await page.evaluate('sessionStorage.clear(); localStorage.clear()').catch(() => undefined);
  // The blank page stops the test's page from polling a mock that is about to close.
  await page.goto('about:blank');
  await page.setViewportSize(DEFAULT_VIEWPORT);
}

/** The tab for each test of the file, given back after it (whether it passed or not). Call at the top of a file. */
export function tabPerTest(): (viewport?: { width: number; height: number }) => Promise<Page> {
  let lent: Page | undefined;
  afterEach(async () => {
    if (lent) await returnTab(lent);
    lent = undefined;
  });
  return async (viewport) => (lent = await borrowTab(viewport));
}
