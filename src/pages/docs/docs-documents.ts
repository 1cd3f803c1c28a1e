/**
 * The two OpenAPI documents as the docs page serves them: the same documents the routers read, with `servers`
 * moved onto the mock that serves the page, so "Try it out" calls this very mock (any port, any `--public-url`).
 */
import type { ClientRegistry } from '../../clients/client-registry.ts';
import { DEFAULT_CLIENTS } from '../../platform/config.ts';

type Document = Readonly<Record<string, unknown>>;

interface ServerEntry {
  url: string;
  [key: string]: unknown;
}

/**
 * A shallow copy whose `servers` keep their paths (`/v1`, `/api/v1`, `/api`, `/__admin`) and descriptions but
 * point at `baseUrl`. Everything else is shared with the loaded document, which is never changed.
 */
export function withServersAt(document: Document, baseUrl: string): Document {
  const servers = (document['servers'] ?? []) as ServerEntry[];
  return { ...document, servers: servers.map((server) => ({ ...server, url: `${baseUrl}${new URL(server.url).pathname.replace(/\/$/, '')}` })) };
}

/** The name of the document's first security scheme of HTTP type with this scheme (`basic`, `bearer`). */
export function httpSchemeName(document: Document, scheme: 'basic' | 'bearer'): string | undefined {
  const components = (document['components'] ?? {}) as { securitySchemes?: Record<string, { type?: string; scheme?: string }> };
  const schemes = Object.entries(components.securitySchemes ?? {});
  return schemes.find(([, value]) => value.type === 'http' && value.scheme?.toLowerCase() === scheme)?.[0];
}

/**
 * The credentials the page may fill in for the user: a default client (src/platform/config.ts) that is still registered
 * with its default secret and active. Those are published in the README and printed at start-up; a client of
 * the user's own configuration is never sent to a browser, whatever host the mock listens on.
 */
export function publishedCredentials(clients: ClientRegistry): { clientId: string; clientSecret: string } | undefined {
  const published = DEFAULT_CLIENTS.find(({ clientId, clientSecret }) => {
    const registered = clients.find(clientId);
    return registered?.active === true && registered.clientSecret === clientSecret;
  });
  return published && { clientId: published.clientId, clientSecret: published.clientSecret };
}

