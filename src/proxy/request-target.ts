/**
 * The path a request is forwarded with, whatever form its request-target takes. The proxy is not an open relay:
 * a request line in absolute form (`GET http://other-host/x HTTP/1.1`, RFC 9112 §3.2.2) keeps only its path and
 * query, and a path that starts with `//` stays a path; the host is always the configured target's (forward.ts).
 */

/** `scheme://authority` at the start of an absolute-form request-target. */
const SCHEME_AND_AUTHORITY = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;

/** Origin form (`/path?query`), or undefined for a request-target that names no path (`*`, authority form). */
export function forwardedPath(requestTarget: string): string | undefined {
  if (requestTarget.startsWith('/')) return requestTarget;
  const authority = SCHEME_AND_AUTHORITY.exec(requestTarget);
  if (!authority) return undefined;
  const rest = requestTarget.slice(authority[0].length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}
