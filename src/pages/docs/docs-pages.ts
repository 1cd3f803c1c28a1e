/**
 * `/docs`: Swagger UI for spec/openapi.yaml and spec/admin.yaml, served by the mock itself with no request
 * leaving the machine: swagger-ui-dist's own files, a page and its start-up script of ours (swagger-ui-dist's
 * index.html and initializer load the public petstore), and both documents pointed at this mock.
 */
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import express, { type Request, type Response, type Router } from 'express';
import type { ClientRegistry } from '../../clients/client-registry.ts';
import type { Config } from '../../platform/config.ts';
import { baseUrlOf } from '../../http/base-url.ts';
import { SHIPPED } from '../../platform/package-files.ts';
import { loadAdminDocument, loadSpecDocument } from '../../openapi/spec-document.ts';
import { httpSchemeName, publishedCredentials, withServersAt } from './docs-documents.ts';

/** The page and its script: tsc copies no other files to dist/, so both read src/pages/docs/public (package-files.ts). */
const PAGE_DIR = SHIPPED.docsPublic;
const SWAGGER_UI_DIR = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/swagger-ui-bundle.js'));

/** The files a browser may fetch, each from where it lives; nothing else of either folder is served. */
const FILES = new Map<string, string>([
  ['docs-init.js', PAGE_DIR],
  ['docs.css', PAGE_DIR],
  ['swagger-ui.css', SWAGGER_UI_DIR],
  ['swagger-ui-bundle.js', SWAGGER_UI_DIR],
  ['swagger-ui-standalone-preset.js', SWAGGER_UI_DIR],
  ['favicon-16x16.png', SWAGGER_UI_DIR],
  ['favicon-32x32.png', SWAGGER_UI_DIR],
]);

export const API_DOCUMENT_NAME = 'Commerce API (spec/openapi.yaml)';
export const ADMIN_DOCUMENT_NAME = 'Admin API (spec/admin.yaml)';

export function docsPages(deps: { config: Config; clients: ClientRegistry }): Router {
  const router = express.Router();
  router.get('/', (req, res) => {
    // Relative links resolve against `/docs/`, also behind a proxy that adds a path prefix.
    if (!req.originalUrl.split('?')[0]?.endsWith('/')) return res.redirect(301, 'docs/');
    res.set('Content-Security-Policy', contentSecurityPolicy(baseUrlOf(req, deps.config)));
    res.sendFile('index.html', { root: PAGE_DIR });
  });
  router.get('/swagger-config.json', (_req, res) => {
    const api = loadSpecDocument();
    const credentials = publishedCredentials(deps.clients);
    noStore(res).json({
      urls: [
        { name: API_DOCUMENT_NAME, url: 'openapi.json' },
        { name: ADMIN_DOCUMENT_NAME, url: 'admin.json' },
      ],
      primaryName: API_DOCUMENT_NAME,
      basicScheme: httpSchemeName(api, 'basic'),
      bearerScheme: httpSchemeName(api, 'bearer'),
      ...(credentials ? { credentials } : {}),
    });
  });
  router.get('/openapi.json', (req, res) => noStore(res).json(withServersAt(loadSpecDocument(), baseUrlOf(req, deps.config))));
  router.get('/admin.json', (req, res) => noStore(res).json(withServersAt(loadAdminDocument(), baseUrlOf(req, deps.config))));
  router.get('/:file', (req: Request<{ file: string }>, res, next) => {
    const root = FILES.get(req.params.file);
    if (!root) return next();
    res.sendFile(req.params.file, { root });
  });
  return router;
}

/** The documents name the host the page was reached by, so no cache may hand one to another host. */
function noStore(res: Response): Response {
  return res.set('Cache-Control', 'no-store');
}

/** Scripts and styles from this mock only; calls to this mock (its base URL may be a `--public-url`). */
function contentSecurityPolicy(baseUrl: string): string {
  const origin = new URL(baseUrl).origin;
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Swagger UI sets style attributes and injects a few style elements of its own.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    `connect-src 'self' ${origin}`,
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
