/**
 * HTTP Basic client authentication for the token endpoint (RFC 6749 §2.3.1): the credentials of an
 * `Authorization: Basic` header are equivalent to `client_id` / `client_secret` in the body, so they are
 * copied there and checked by the same validation and handler. Body values, when present, win.
 */
export function withBasicClientCredentials(body: unknown, authorization: string | undefined): unknown {
  const fromHeader = basicCredentials(authorization);
  if (!fromHeader) return body;
  const fromBody = typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {};
  return { ...fromHeader, ...fromBody };
}

/** The client id and secret of an `Authorization: Basic` header, if it is one. */
export function basicCredentials(authorization: string | undefined): { client_id: string; client_secret: string } | undefined {
  const match = authorization ? /^Basic +([A-Za-z0-9+/]+=*) *$/i.exec(authorization) : null;
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { client_id: safeDecode(decoded.slice(0, colon)), client_secret: safeDecode(decoded.slice(colon + 1)) };
}

/** RFC 6749 form-encodes the id and secret before Basic encoding; a bare `%` is taken literally. */
function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}
