/**
 * The QA console at `/__admin/ui`: static files (one page, a style sheet, plain ES modules) that call only the
 * admin API and, to send requests, the mock's own API. No build step: tsc copies no file that is not TypeScript, so
 * the sources and the build both serve src/pages/console/ (see package-files.ts).
 */
import express, { type RequestHandler } from 'express';
import { join } from 'node:path';
import { SHIPPED } from '../platform/package-files.ts';

export const CONSOLE_PREFIX = '/__admin/ui';

export const CONSOLE_DIR = SHIPPED.console;

/**
 * The page itself is served without the admin token (a browser cannot send one on navigation; the page holds no
 * data): every call it makes is guarded like any admin call. Its policy lets it load and call only this origin.
 */
const SECURITY_HEADERS = {
  'Content-Security-Policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-cache',
};

/** GET and HEAD of the page (at `/__admin/ui` and `/__admin/ui/`) and its files; anything else falls through to the admin API. */
export function consolePage(): RequestHandler {
  const files = express.static(CONSOLE_DIR, {
    index: false,
    etag: false,
    dotfiles: 'ignore',
    setHeaders: (response) => response.set(SECURITY_HEADERS),
  });
  const page = join(CONSOLE_DIR, 'index.html');
  return (request, response, next) => {
    // Mounted at the prefix, both `/__admin/ui` and `/__admin/ui/` arrive as `/`; the static files alone would
    // answer only the second (the first is a redirect or nothing), and the page names its files absolutely.
    const isPage = request.path === '/' && (request.method === 'GET' || request.method === 'HEAD');
    if (isPage) response.sendFile(page, { headers: SECURITY_HEADERS, etag: false, lastModified: false });
    else files(request, response, next);
  };
}

/** `GET /__admin` (and `/__admin/`): the admin API has no index of its own, so a browser is sent to the console. */
export function adminIndexRedirect(): RequestHandler {
  return (_request, response) => response.redirect(302, CONSOLE_PREFIX);
}
