/**
 * The mock's guards, kept by a proxy in front of it. The proxy sends every request on with the target's own name in
 * `Host` (forward.ts), so a mock behind it would take every request as reaching it by its own name, and a page
 * served under another name that resolves to this machine (DNS rebinding) would reach the mock's admin API
 * through the proxy. So the proxy judges an admin path (`/__admin` in any spelling, as the mock reads it) as the
 * mock judges it, before anything is forwarded:
 * - its `Host` must name the proxy itself (a loopback name, the bound host, the socket's own address): 403
 *   `host_recusado` otherwise, with or without credentials (the proxy cannot check the mock's admin token, and a
 *   rebinding page can send any `Authorization`);
 * - the admin API is forwarded only when the proxy was started with `--forward-admin`: 403 `admin_nao_encaminhado`
 *   otherwise (the proxy's own report is answered either way);
 * - a state-changing call from a page of another origin is refused as the mock refuses it (403 `origem_recusada`).
 * Any other path (the API's) goes on as before: the mock does not judge the Host of those either.
 */
import type { IncomingMessage } from 'node:http';
import { adminPathOf } from '../domain/admin-path.ts';
import { failure, type Failure } from '../errors/failures.ts';
import { ownHost, type SiteConfig } from '../http/base-url.ts';
import { crossSiteRefusal, siteOf } from '../http/request-site.ts';

export interface AdminForwarding {
  /** `--forward-admin`: the target's admin API is reachable through the proxy. */
  forwardAdmin: boolean;
  /** The proxy's own address, as a mock's configuration names it (`--host`). */
  site: SiteConfig;
}

export type AdminPathVerdict = { kind: 'api' } | { kind: 'refused'; failure: Failure } | { kind: 'admin' };

/** What the proxy does with a request for `path` (origin form): forward it as any other, refuse it, or treat it as an admin call. */
export function judgeAdminPath(req: IncomingMessage, method: string, path: string, forwarding: AdminForwarding): AdminPathVerdict {
  if (adminPathOf(path.split('?')[0] ?? '/') === undefined) return { kind: 'api' };
  const host = ownHost(req, forwarding.site);
  if (host === undefined) return { kind: 'refused', failure: failure('foreign_host') };
  const crossSite = crossSiteRefusal(method, req.headers, siteOf(req, forwarding.site, host));
  return crossSite ? { kind: 'refused', failure: crossSite } : { kind: 'admin' };
}

/** An admin call that is not the proxy's own report: forwarded only with `--forward-admin`. */
export function adminNotForwarded(forwarding: AdminForwarding): Failure | undefined {
  return forwarding.forwardAdmin ? undefined : failure('admin_not_forwarded');
}
