/**
 * The ids that can be armed, written out once as a const list so a caller's editor completes them: the SDK types
 * `outcomes.arm(outcome)` with `ArmableOutcomeId`. armable.ts decides what is armable; a test holds this list to
 * its `armableIds()`, in the same order.
 */
export const ARMABLE_OUTCOME_IDS = [
  'auth.client.invalid',
  'auth.client.inactive',
  'auth.token.expired',
  'auth.token.revoked',
  'auth.token.invalid',
  'rate-limit.429',
  'server.500',
  'server.503',
  'network.reply-lost',
  'network.timeout',
  'network.timeout-before-commit',
  'network.reset',
  'network.slow-body',
  'auth.token.slow',
  'auth.token.lost',
  'webhook.before-reply',
  'webhook.connect-delay',
  'webhook.reset-mid-body',
  'checkout.slow',
  'checkout.503',
  'order.final.PAID',
  'order.final.FAILED',
  'order.final.CANCELLED',
  'subscription.state.ACTIVE',
  'subscription.state.PAST_DUE',
  'subscription.state.CANCELLED',
  'payer.INSUFFICIENT_BALANCE',
  'payer.PAYER_CANCELLED',
  'payer.PAYER_TIMEOUT',
  'payer.INVALID_NUMBER',
  'payer.WRONG_PIN',
  'payer.PROVIDER_ERROR',
  'payer.PAYMENT_FAILED',
  'payer.ORDER_CANCELLED',
  'payer.WALLET_LIMIT_EXCEEDED',
  'payer.WALLET_LOCKED',
  'payer.TRANSACTION_IN_PROGRESS',
  'webhook.duplicate-received',
  'webhook.failing',
  'webhook.delayed',
  'webhook.out-of-order',
] as const;

/** An outcome id `POST /__admin/clients/{client_id}/armed` arms (docs/arming.md). */
export type ArmableOutcomeId = (typeof ARMABLE_OUTCOME_IDS)[number];
