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
} as const;

export type IdKind = keyof typeof ID_PREFIX;
