/**
 * Headless Debian Chromium driven by playwright-core (never a downloaded browser): the pages tests and the
 * README screenshots open the mock's pages with it.
 */
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
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
