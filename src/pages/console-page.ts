/**
 * The QA console at `/__admin/ui`: static files (one page, a style sheet, plain ES modules) that call only the
 * admin API and, to send requests, the mock's own API. No build step: tsc copies no file that is not TypeScript, so
 * the sources and the build both serve src/pages/console/ (see package-files.ts).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { SHIPPED } from '../platform/package-files.ts';
import { isRead, type Page, type PagePolicy } from './page-serving.ts';

export const CONSOLE_PREFIX = '/__admin/ui';

export const CONSOLE_DIR = SHIPPED.console;

/** Its policy lets it load and call only this origin. */
const POLICY: PagePolicy = { scriptSrc: ["'self'"], styleSrc: ["'self'"], imgSrc: ["'self'"], connectSrc: ["'self'"] };

/**
 * The page itself is served without the admin token (a browser cannot send one on navigation; the page holds no
 * data): every call it makes is guarded like any admin call. GET and HEAD of the page (at `/__admin/ui` and
 * `/__admin/ui/`) and of the folder's files; anything else falls through to the admin API.
 */
export function consolePage(): Page {
  // The folder is flat and ships as is: its listing, read once, is the list of files a browser may fetch.
  const files = new Set(readdirSync(CONSOLE_DIR).filter((name) => !name.startsWith('.')));
  return {
    at: CONSOLE_PREFIX,
    policy: POLICY,
    answer: (req) => {
      if (!isRead(req.method)) return undefined;
      // Mounted at the prefix, both `/__admin/ui` and `/__admin/ui/` arrive as `/`; the page names its files absolutely.
      if (req.path === '/') return { kind: 'file', path: join(CONSOLE_DIR, 'index.html') };
      const name = req.path.slice(1);
      return files.has(name) ? { kind: 'file', path: join(CONSOLE_DIR, name) } : undefined;
    },
  };
}

/** `GET /__admin` (and `/__admin/`): the admin API has no index of its own, so a browser is sent to the console. */
export function adminIndexRedirect(adminPrefix: string): Page {
  return {
    at: adminPrefix,
    exact: true,
    policy: POLICY,
    answer: (req) => (isRead(req.method) ? { kind: 'redirect', status: 302, location: CONSOLE_PREFIX } : undefined),
  };
}

/**
 * `/favicon.ico`: a browser asks for it on any page of this origin that declares no icon (the home page, an API
 * URL opened in a tab). Answered here with the console's icon, it never reaches the API: no 404 in the journal.
 */
export function faviconPage(): Page {
  return {
    at: '/favicon.ico',
    exact: true,
    policy: {},
    answer: (req) => (isRead(req.method) ? { kind: 'file', path: join(CONSOLE_DIR, 'favicon.svg') } : undefined),
  };
}
