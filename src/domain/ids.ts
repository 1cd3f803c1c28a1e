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
