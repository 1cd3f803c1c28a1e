/**
 * The one way a page is served: the home page, the QA console, `/docs` and the checkout each declare where they
 * are mounted, their policy (what their Content-Security-Policy adds to the shared one) and a function that says
 * what to answer — HTML, a file of a fixed list, JSON, a redirect, or nothing (the request falls through to the
 * admin API or the API). This module alone writes a page's answer, so every page carries the same security headers
 * and a policy built by `contentSecurityPolicy` (test/architecture/page-serving.test.ts keeps it so).
 */
import { createHash } from 'node:crypto';
import type { Express, NextFunction, Request, Response } from 'express';

/** What a page lets a browser load or do beyond the shared `default-src 'none'`; each source list as CSP writes it. */
export interface PagePolicy {
  /** Only for a page whose third-party code fetches what it pleases (Swagger UI): `'self'`. */
  defaultSrc?: string[];
  scriptSrc?: string[];
  styleSrc?: string[];
  imgSrc?: string[];
  connectSrc?: string[];
  /** `'none'` unless the page posts forms. */
  formAction?: string[];
  /** `no-referrer` unless the page posts forms to itself (a browser then sends `Origin: null`, which is refused). */
  referrer?: 'no-referrer' | 'same-origin';
  /** `no-cache` unless what the page shows changes with the host or the data it reads. */
  cache?: 'no-cache' | 'no-store';
}

export type PageAnswer =
  | { kind: 'html'; status: number; html: string; headers?: Record<string, string> }
  | { kind: 'json'; body: unknown }
  /** A file of the page's fixed list; its media type follows its extension. */
  | { kind: 'file'; path: string }
  /** `location` relative to the request's URL, so it holds behind a proxy that adds a path prefix. */
  | { kind: 'redirect'; status: 301 | 302 | 303; location: string };

export interface Page {
  /** A prefix (the page sees what follows it in `req.url`), or with `exact` one path (with or without a trailing slash). */
  at: string;
  exact?: boolean;
  /** Fixed, or read from the request (the address `/docs` calls depends on the base URL it was reached by). */
  policy: PagePolicy | ((req: Request) => PagePolicy);
  /** `undefined`: not this page's request (another method, an unknown file); the admin API or the API answers it. */
  answer(req: Request, res: Response): PageAnswer | undefined | Promise<PageAnswer | undefined>;
}

/** `'sha256-…'`: the source that allows exactly this inline style or script. */
export function sha256Source(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

/** GET or HEAD: a page answers only these; another method on its path falls through (the API refuses it). */
export function isRead(method: string): boolean {
  return method === 'GET' || method === 'HEAD';
}

/** Directives in one fixed order; what every page shares is `'none'` (no base, no framing, nothing not declared). */
export function contentSecurityPolicy(policy: PagePolicy): string {
  const directives: [string, string[] | undefined][] = [
    ['default-src', policy.defaultSrc ?? ["'none'"]],
    ['script-src', policy.scriptSrc],
    ['style-src', policy.styleSrc],
    ['img-src', policy.imgSrc],
    ['connect-src', policy.connectSrc],
    ['base-uri', ["'none'"]],
    ['form-action', policy.formAction ?? ["'none'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives
    .filter((directive): directive is [string, string[]] => directive[1] !== undefined && directive[1].length > 0)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** The headers on every answer of a page, whatever its kind. */
export function pageHeaders(policy: PagePolicy): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(policy),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': policy.referrer ?? 'no-referrer',
    'Cache-Control': policy.cache ?? 'no-cache',
  };
}

/** Mounts each page on the app, in order (a page mounted before the admin API may fall through to it). */
export function mountPages(app: Express, pages: readonly Page[]): void {
  for (const page of pages) {
    const handler = servePage(page);
    // Express matches `/__admin` and `/__admin/` alike (non-strict routing).
    if (page.exact) app.all(page.at, handler);
    else app.use(page.at, handler);
  }
}

function servePage(page: Page) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    try {
      const answer = await page.answer(req, res);
      if (!answer) return next();
      res.set(pageHeaders(typeof page.policy === 'function' ? page.policy(req) : page.policy));
      await write(res, answer);
    } catch (error) {
      next(error);
    }
  };
}

function write(res: Response, answer: PageAnswer): Promise<void> | void {
  switch (answer.kind) {
    case 'html':
      res.status(answer.status).set(answer.headers ?? {}).type('text/html; charset=utf-8').send(Buffer.from(answer.html, 'utf8'));
      return;
    case 'json':
      res.status(200).json(answer.body);
      return;
    case 'redirect':
      res.status(answer.status).location(answer.location).end();
      return;
    case 'file':
      return new Promise((resolve, reject) =>
        res.sendFile(answer.path, { etag: false, lastModified: false, cacheControl: false, dotfiles: 'deny' }, (error) => (error ? reject(error) : resolve())),
      );
  }
}
