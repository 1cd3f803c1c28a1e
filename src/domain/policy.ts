/**
 * What a scenario decides, as plain data: token lifetime and limit, the rate window, how a pending order moves
 * on, how subscription charges turn out, how webhook deliveries behave. The app resolves one `Policy` per request
 * (the narrowest active scenario wins) and one per client for what the clock drives (billing, time progressions).
 */
import type { FailureCode } from './payer-outcomes.ts';
import type { OrderStatus } from './records.ts';

export interface TokenPolicy {
  ttlSeconds: number;
  maxActivePerClient: number;
  limitPolicy: 'reject' | 'revoke-oldest';
}

export interface RateLimitPolicy {
  enabled: boolean;
  limit: number;
  windowSeconds: number;
}

export type ProgressionTrigger = { polls: number } | { seconds: number } | 'action';

/** One way a pending order moves on: the final status it reaches, why (a failure's reason), and when. */
export interface ProgressionStep {
  status: Exclude<OrderStatus, 'PENDING'>;
  after: ProgressionTrigger;
  /** The payment's failure reason when the step fails or cancels it (src/domain/payer-outcomes.ts). */
  reason?: FailureCode;
  /** The armed outcome the step stands for (src/armed/): the move counts it down. */
  armed?: ArmedStep;
}

/** An armed outcome as a step carries it: the arm's record id and the outcome's catalogue id. */
export interface ArmedStep {
  id: string;
  outcome: string;
}

/**
 * How the payer's side behaves (src/domain/payer-outcomes.ts): whether the payer's number chooses the outcome, and
 * the mock-clock times of the phone prompt.
 */
export interface PayerPolicy {
  /**
   * The payer's number (a catalogue number) decides the outcome. On in the `default` scenario; a scenario that
   * scripts the orders or the charges itself turns it off unless it sets it again.
   */
  numbers: boolean;
  /** Seconds between the prompt reaching the payer's phone and their answer (checkout page). */
  answerSeconds: number;
  /** Seconds after which an unanswered prompt expires (number 03: `PAYER_TIMEOUT`). */
  promptExpirySeconds: number;
  /** Seconds before a slow success is paid (number 08). */
  slowSuccessSeconds: number;
}

/** The payer when no scenario says otherwise (the `default` scenario turns the numbers on). */
export const DEFAULT_PAYER: PayerPolicy = { numbers: false, answerSeconds: 10, promptExpirySeconds: 60, slowSuccessSeconds: 600 };

/** The steps are tried in order; the first that is due applies. No steps: only an action moves the order. */
export interface OrderProgression {
  steps: readonly ProgressionStep[];
  /** Absent: the numbers decide nothing, the prompt takes the default times. */
  payer?: PayerPolicy;
}

export interface BillingPolicy {
  /** Which charge attempts of a period fail, counted from 1: none, all, or the listed ones. */
  failingAttempts: 'none' | 'all' | readonly number[];
  /** Mock-clock seconds between a charge coming due and its outcome (the payer confirming on the phone). */
  chargeAfterSeconds: number;
  /** Mock-clock seconds between a failed charge and the next attempt. */
  retryAfterSeconds: number;
  /** Absent: the numbers decide nothing. */
  payer?: PayerPolicy;
}

export interface WebhookPolicy {
  /** Every delivery attempt is reported failed without being sent (the receiver is "down"). */
  failDeliveries: boolean;
  /** Every delivery is sent twice (receivers must be idempotent). */
  duplicateDeliveries: boolean;
  /** The deliveries one change causes are sent in reverse order (receivers must not rely on arrival order). */
  outOfOrder: boolean;
  /** Mock-clock minutes every delivery waits before its first attempt (receivers must accept late events). */
  delayMinutes: number;
}

export interface Policy {
  tokens: TokenPolicy;
  rateLimit: RateLimitPolicy;
  orders: OrderProgression;
  subscriptions: BillingPolicy;
  webhooks: WebhookPolicy;
}
