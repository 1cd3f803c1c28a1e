/** Type prefixes of the opaque ids the mock hands out (docs/assumptions.md). */
export const ID_PREFIX = {
  product: 'prod',
  customer: 'cus',
  plan: 'plan',
  subscription: 'sub',
  order: 'ord',
  payment: 'pay',
  token: 'tok',
  request: 'req',
  wallet: 'wal',
  walletEntry: 'went',
  armedOutcome: 'arm',
} as const;

export type IdKind = keyof typeof ID_PREFIX;

/**
 * The longest client id, the one bound every place that names a client shares: the configuration, the admin API
 * (a client, a tenant, a drill, a reset, a lookup: spec/admin.yaml's every `clientId` and `client_id`, which
 * test/spec checks against this) and the CLI's flags.
 */
export const CLIENT_ID_MAX_LENGTH = 200;

/**
 * The id rule: what a client id, and every id that stands in a URL path (an order, an armed outcome, a delivery),
 * may be. 1 to 200 printable ASCII characters, no space, and never `.` or `..`: those are dot segments, which a
 * URL resolves (`/__admin/clients/../clock/advance` is `/__admin/clock/advance`), so an "id" `..` would reach
 * another route, the global clock's, instead of naming a record. `encodeURIComponent` leaves dots as they are, so
 * escaping cannot make them safe: they are refused before a path is built.
 */
export const ID_PATTERN = new RegExp(`^(?!\\.\\.?$)[\\x21-\\x7E]{1,${CLIENT_ID_MAX_LENGTH}}$`);

/** `.` or `..`: what no path parameter may be, an id or not. */
export function isDotSegment(text: string): boolean {
  return text === '.' || text === '..';
}

export const DOT_SEGMENT_PROBLEM = 'não pode ser "." nem ".." (segmentos de caminho)';

/** Why `text` is no id (Portuguese, as the API speaks), or undefined. */
export function idProblem(text: string): string | undefined {
  if (isDotSegment(text)) return DOT_SEGMENT_PROBLEM;
  return ID_PATTERN.test(text) ? undefined : `de 1 a ${CLIENT_ID_MAX_LENGTH} caracteres ASCII visíveis, sem espaços`;
}
