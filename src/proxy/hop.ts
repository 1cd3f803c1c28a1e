/**
 * Loop detection: each proxy process names itself in the `Via` header it adds (RFC 9110 §7.6.3) with an id drawn
 * at start. A request that already carries that name has come back to the proxy that sent it (a target that is the
 * proxy itself under another name, or two proxies pointing at each other): it is answered 508, never forwarded.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Random } from '../platform/random.ts';

export interface Hop {
  /** This proxy's `Via` entry, e.g. `1.1 commerce-mock-proxy_AbC…`. */
  via: string;
  /** Whether the request has passed through this proxy before. */
  looped(headers: IncomingHttpHeaders): boolean;
}

export function createHop(random: Random): Hop {
  const name = random.id('commerce-mock-proxy');
  return {
    via: `1.1 ${name}`,
    looped: (headers) => {
      const via = headers['via'];
      const entries = (Array.isArray(via) ? via.join(',') : (via ?? '')).split(',');
      return entries.some((entry) => entry.trim().split(/\s+/)[1] === name);
    },
  };
}
