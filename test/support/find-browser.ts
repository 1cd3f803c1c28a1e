/**
 * Which Chromium the browser tests drive: the first of CHROMIUM_PATH, Debian's and the other usual places of a
 * Chrome or Chromium on Linux, macOS and Windows, and Playwright's own (if the user installed one with
 * `npx playwright install chromium`). Read by vitest.config.ts (which leaves the browser tests out, loudly, when
 * there is none and CI is not set) and by test/support/browser.ts (which launches it).
 */
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

/** The usual install places, in the order they are tried after CHROMIUM_PATH. */
export const USUAL_BROWSER_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
  'C:\\Program Files (x86)\\Google\\Chrome\\Application\\chrome.exe',
];

export interface BrowserSearch {
  /** The browser found, or undefined. */
  path: string | undefined;
  /** Every place looked at, in order: what a message names when none is found. */
  tried: string[];
}

function playwrightsOwn(): string[] {
  try {
    return [chromium.executablePath()];
  } catch {
    return [];
  }
}

/**
 * CHROMIUM_PATH, when set, is the only place looked at: a user who names a browser means that one, and a wrong
 * path is reported rather than silently replaced by another browser.
 */
export function findBrowser(env: NodeJS.ProcessEnv = process.env): BrowserSearch {
  const named = env.CHROMIUM_PATH;
  const tried = named ? [named] : [...USUAL_BROWSER_PATHS, ...playwrightsOwn()];
  return { path: tried.find((candidate) => existsSync(candidate)), tried };
}

/** How to give the tests a browser: the line a run prints when it has none. */
export function howToEnableBrowserTests(search: BrowserSearch): string {
  const where = search.tried.length === 1 ? `CHROMIUM_PATH=${search.tried[0]} does not exist` : 'no Chrome or Chromium found';
  return `${where}. Install one (Debian/Ubuntu: sudo apt-get install chromium; macOS: brew install --cask chromium) or set CHROMIUM_PATH to a Chrome or Chromium executable.`;
}

/** Under CI the browser tests never skip. */
export function mustRunBrowserTests(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env.CI) && env.CI !== 'false' && env.CI !== '0';
}
