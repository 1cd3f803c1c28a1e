/**
 * `/docs`: Swagger UI for spec/openapi.yaml and spec/admin.yaml, served by the mock itself with no request
 * leaving the machine: swagger-ui-dist's own files (copied into dist/ by the build, so an installed package needs
 * no swagger-ui-dist, nor the telemetry install script it brings), a page and its start-up script of ours (swagger-ui-dist's
 * index.html and initializer load the public petstore), and both documents pointed at this mock.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Request } from 'express';
import type { ClientRegistry } from '../../clients/client-registry.ts';
import type { Config } from '../../platform/config.ts';
import { baseUrlOf } from '../../http/base-url.ts';
import { BUILT, SHIPPED, SWAGGER_UI_FILES } from '../../platform/package-files.ts';
import { loadAdminDocument, loadSpecDocument } from '../../openapi/spec-document.ts';
import { isRead, type Page, type PageAnswer, type PagePolicy } from '../page-serving.ts';
import { httpSchemeName, publishedCredentials, withServersAt } from './docs-documents.ts';

/** The page and its script: tsc copies no other files to dist/, so both read src/pages/docs/public (package-files.ts). */
const PAGE_DIR = SHIPPED.docsPublic;
/** The build's copy beside the code; the sources (tests, tsx) read the installed dev dependency. */
const SWAGGER_UI_DIR = existsSync(BUILT.swaggerUi)
  ? BUILT.swaggerUi
  : dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/swagger-ui-bundle.js'));

/** The files a browser may fetch, each from where it lives; nothing else of either folder is served. */
const FILES: ReadonlyMap<string, string> = new Map([
  ['docs-init.js', PAGE_DIR],
  ['docs.css', PAGE_DIR],
  ...SWAGGER_UI_FILES.filter((name) => !/^(LICENSE|NOTICE)$/.test(name)).map((name) => [name, SWAGGER_UI_DIR] as const),
]);

export const API_DOCUMENT_NAME = 'Commerce API (spec/openapi.yaml)';
export const ADMIN_DOCUMENT_NAME = 'Admin API (spec/admin.yaml)';

export function docsPages(deps: { config: Config; clients: ClientRegistry }): Page {
  return {
    at: '/docs',
    policy: (req) => docsPolicy(baseUrlOf(req, deps.config)),
    answer: (req) => (isRead(req.method) ? docsAnswer(req, deps) : undefined),
  };
}

function docsAnswer(req: Request, deps: { config: Config; clients: ClientRegistry }): PageAnswer | undefined {
  switch (req.path) {
    case '/':
      // Relative links resolve against `/docs/`, also behind a proxy that adds a path prefix.
      if (!req.originalUrl.split('?')[0]?.endsWith('/')) return { kind: 'redirect', status: 301, location: 'docs/' };
      return { kind: 'file', path: join(PAGE_DIR, 'index.html') };
    case '/swagger-config.json':
      return { kind: 'json', body: swaggerConfig(deps.clients) };
    case '/openapi.json':
      return { kind: 'json', body: withServersAt(loadSpecDocument(), baseUrlOf(req, deps.config)) };
    case '/admin.json':
      return { kind: 'json', body: withServersAt(loadAdminDocument(), baseUrlOf(req, deps.config)) };
  }
  const name = req.path.slice(1);
  const root = FILES.get(name);
  return root ? { kind: 'file', path: join(root, name) } : undefined;
}

function swaggerConfig(clients: ClientRegistry) {
  const api = loadSpecDocument();
  const credentials = publishedCredentials(clients);
  return {
    urls: [
      { name: API_DOCUMENT_NAME, url: 'openapi.json' },
      { name: ADMIN_DOCUMENT_NAME, url: 'admin.json' },
    ],
    primaryName: API_DOCUMENT_NAME,
    basicScheme: httpSchemeName(api, 'basic'),
    bearerScheme: httpSchemeName(api, 'bearer'),
    ...(credentials ? { credentials } : {}),
  };
}

/**
 * Scripts and styles from this mock only; calls to this mock (its base URL may be a `--public-url`). Every answer
 * is `no-store`: the documents name the host the page was reached by, so no cache may hand one to another host.
 */
function docsPolicy(baseUrl: string): PagePolicy {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // Swagger UI sets style attributes and injects a few style elements of its own.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", new URL(baseUrl).origin],
    formAction: ["'self'"],
    cache: 'no-store',
  };
}
