/**
 * A headless Chrome or Chromium driven by playwright-core (never a browser downloaded by a test tool): the pages
 * tests and the README screenshots open the mock's pages with it. Which one: test/support/find-browser.ts.
 */
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { findBrowser, howToEnableBrowserTests } from './find-browser.ts';

/** The flags the machine needs: no sandbox as root, and no background connections the closed network refuses. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

/** Launches the browser found; with none (a CI run, where the browser tests never skip), fails naming what to install. */
export function launchBrowser(): Promise<Browser> {
  const search = findBrowser();
  if (!search.path) return Promise.reject(new Error(`The browser tests need Chromium: ${howToEnableBrowserTests(search)}`));
  return chromium.launch({ executablePath: search.path, args: CHROMIUM_ARGS, headless: true });
}

/**
 * Lets the context's pages reach the mock only (127.0.0.1): any other request is refused before it leaves and
 * its URL added to the list returned, so a page that would need the network is caught, not silently served.
 */
export async function keepOffline(context: BrowserContext): Promise<string[]> {
  const refused: string[] = [];
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === '127.0.0.1') return route.continue();
    refused.push(url.href);
    return route.abort('blockedbyclient');
  });
  return refused;
}
