/**
 * Cross-site requests. A page of any site can make a browser send a form or a simple `fetch` to this mock on the
 * developer's machine; the browser says where it comes from in `Origin` (on every POST, PUT, PATCH and DELETE) and,
 * in current browsers, how that relates to the target in `Sec-Fetch-Site`. A state-changing request is let in when
 * its origin is the mock's own (or one the user allowed) and it is not marked cross-site. A request with neither
 * header is not a browser page's (curl, a test, an SDK) and goes on: they are not what this guards against.
 */
import type { IncomingMessage } from 'node:http';
import { failure, type Failure } from '../errors/failures.ts';
import { originOf, ownHost, pageOrigins, type SiteConfig } from './base-url.ts';

/** What the request says about the site it was sent to, judged once when it arrives. */
export interface Site {
  /** The Host header names this mock (src/http/base-url.ts). */
  ownHost: boolean;
  /** The origins pages of this mock have (its `--public-url`'s, its own Host's). */
  ownOrigins: readonly string[];
}

/** Methods that change nothing (RFC 9110 §9.2.1): never refused here. */
const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The Host is judged once per request (`host`: as `ownHost` judged it, when already known); the origins only when a
 * state-changing request asks for them.
 */
export function siteOf(req: IncomingMessage, config: SiteConfig, host = ownHost(req, config)): Site {
  return new JudgedSite(host, config);
}

/** A class, not an object literal with a getter: made on every request, and a literal's getter costs each time. */
class JudgedSite implements Site {
  readonly ownHost: boolean;
  readonly #host: string | undefined;
  readonly #config: SiteConfig;
  #origins: readonly string[] | undefined;

  constructor(host: string | undefined, config: SiteConfig) {
    this.ownHost = host !== undefined;
    this.#host = host;
    this.#config = config;
  }

  get ownOrigins(): readonly string[] {
    return (this.#origins ??= pageOrigins(this.#host, this.#config));
  }
}

/** Origins of a list as `Origin` carries them; `*` (any origin may read the API) is no permission to change state. */
export function explicitOrigins(origins: readonly string[] | undefined): string[] {
  return (origins ?? []).flatMap((origin) => {
    const normalized = origin === '*' ? undefined : originOf(origin);
    return normalized ? [normalized] : [];
  });
}

/**
 * Why a state-changing request from a browser page is refused (403 `origem_recusada`, whose Portuguese message a
 * page shows too), or undefined when it may go on. `allowed`: origins let in besides the mock's own, as `explicitOrigins` gives them.
 */
export function crossSiteRefusal(
  method: string,
  headers: IncomingMessage['headers'],
  site: Site,
  allowed: readonly string[] = [],
): Failure | undefined {
  if (SAFE_METHODS.has(method)) return undefined;
  const sent = headers['origin'];
  if (sent !== undefined) {
    // `Origin: null` (a sandboxed frame, a file, a redirect across sites) is no origin at all.
    const origin = originOf(String(sent));
    if (origin !== undefined && allowed.includes(origin)) return undefined;
    if (origin === undefined || !site.ownOrigins.includes(origin)) {
      return failure('cross_site_origin', { origin: String(sent).slice(0, 200) });
    }
  }
  if (headers['sec-fetch-site'] === 'cross-site') return failure('cross_site_fetch');
  return undefined;
}
