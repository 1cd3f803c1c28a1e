/**
 * The glue openid-client and oauth4webapi need: the service answers `{"data": {"access_token": …}}` (the mock keeps
 * that envelope), a standard client reads the token at the top level. This `fetch` hands the library what is inside
 * the envelope; errors (`{"error", "message"}`) pass through untouched.
 */
export const unwrapData: typeof fetch = async (url, init) => {
  const response = await fetch(url, init);
  const body: unknown = await response.clone().json().catch(() => undefined);
  if (!response.ok || typeof body !== 'object' || body === null || !('data' in body)) return response;
  return new Response(JSON.stringify(body.data), { status: response.status, headers: { 'content-type': 'application/json' } });
};

/** Revoke is authorised by the bearer token (the libraries send client credentials only): added on the way out. */
export const withBearer =
  (accessToken: string): typeof fetch =>
  (url, init) =>
    fetch(url, { ...init, headers: { ...Object.fromEntries(new Headers(init?.headers)), authorization: `Bearer ${accessToken}` } });
