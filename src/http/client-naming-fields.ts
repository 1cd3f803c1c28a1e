/**
 * The body fields that name a request's client, read by the caller stage (which proves the client from them) and by
 * an operation's security needs (whether its body may name one): one list for both, so the tools that judge
 * requests the way the server reads them (security-needs.ts) need no stage.
 */

/** The body fields that carry a token a client holds (a refresh's, a revocation's): its owner is the caller. */
export const TOKEN_FIELDS = ['refresh_token', 'token'] as const;

/** The body fields that name a client, most direct first: its id, then a token it holds. */
export const CLIENT_NAMING_FIELDS = ['client_id', ...TOKEN_FIELDS] as const;
