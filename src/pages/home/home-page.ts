/**
 * `GET /`: a small page that says what this server is and links what a newcomer looks for (the API base, the
 * documentation, the QA console, the health check). No script; its one style block is allowed by its hash, so the
 * policy is as strict as the console's. Links are relative (they hold behind a proxy that adds a path prefix); the
 * absolute URLs shown are the links' base as the API hands it out, HTML-escaped.
 */
import type { Config } from '../../platform/config.ts';
import { baseUrlOf } from '../../http/base-url.ts';
import { packageVersion } from '../../platform/package-files.ts';
import { isRead, sha256Source, type Page } from '../page-serving.ts';

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:44rem;margin:3rem auto;padding:0 1rem;color:#1b1b1b}
code{background:#f2f2f2;padding:0 .25rem;border-radius:3px;overflow-wrap:anywhere}dt{font-weight:600;margin-top:1rem}dd{margin:0}`;


/** Where each link goes, relative to `/`, and what it is. */
export const HOME_LINKS = [
  { href: 'v1', label: 'API base', about: 'the Commerce API (also under /api/v1 and /api)' },
  { href: 'docs/', label: 'Documentation', about: 'Swagger UI for the API and the admin API' },
  { href: '__admin/ui', label: 'QA console', about: 'clock, scenarios, requests, clients, webhooks' },
  { href: '__admin/health', label: 'Health check', about: '200 as soon as the mock answers; open, never rate limited' },
] as const;

export function homePage(config: Config): Page {
  return {
    at: '/',
    exact: true,
    policy: { styleSrc: [sha256Source(STYLE)] },
    answer: (req) => (isRead(req.method) ? { kind: 'html', status: 200, html: render(baseUrlOf(req, config)) } : undefined),
  };
}

function render(base: string): string {
  const items = HOME_LINKS.map(
    ({ href, label, about }) =>
      `<dt><a href="${href}">${label}</a></dt><dd><code>${escapeHtml(`${base}/${href}`)}</code> — ${escapeHtml(about)}</dd>`,
  ).join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>commerce-mock ${packageVersion()}</title><style>${STYLE}</style></head>
<body>
<h1>commerce-mock <small>${packageVersion()}</small></h1>
<p>A local mock of the Commerce and Subscription API (MZN, M-Pesa / e-Mola), for integration and contract tests.</p>
<dl>
${items}
</dl>
</body>
</html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
