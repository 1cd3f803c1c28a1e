/** Every rule of the audit, one module each (./rules/), in the order docs/audit.md presents them. */
import type { AuditRule } from './audit-types.ts';
import { orderDuplicate } from './rules/order-duplicate.ts';
import { pollAfterFinal } from './rules/poll-after-final.ts';
import { pollTight } from './rules/poll-tight.ts';
import { pollUnbounded } from './rules/poll-unbounded.ts';
import { requestInvalidRepeated } from './rules/request-invalid-repeated.ts';
import { retryIgnoresRetryAfter } from './rules/retry-ignores-retry-after.ts';
import { secretExposed } from './rules/secret-exposed.ts';
import { tokenChurn } from './rules/token-churn.ts';
import { tokenExpiredReuse } from './rules/token-expired-reuse.ts';
import { tokenLimitThrash } from './rules/token-limit-thrash.ts';
import { webhookReceiverAcceptsForged } from './rules/webhook-receiver-accepts-forged.ts';
import { webhookReceiverRejectsValid } from './rules/webhook-receiver-rejects-valid.ts';
import { webhookReceiverSlow } from './rules/webhook-receiver-slow.ts';

export const AUDIT_RULES: readonly AuditRule[] = [
  tokenChurn,
  tokenLimitThrash,
  tokenExpiredReuse,
  pollTight,
  pollAfterFinal,
  pollUnbounded,
  retryIgnoresRetryAfter,
  orderDuplicate,
  secretExposed,
  webhookReceiverSlow,
  webhookReceiverRejectsValid,
  webhookReceiverAcceptsForged,
  requestInvalidRepeated,
];
