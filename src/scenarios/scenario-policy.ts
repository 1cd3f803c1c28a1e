/**
 * Scenario → policy: what a scenario sets, over the base (the configuration, then the `default` scenario). A
 * scenario's unset fields fall back to the base, never to a broader scenario: the narrowest active one wins whole.
 */
import type { Config } from '../platform/config.ts';
import { FAILURE_REASONS } from '../domain/payer-outcomes.ts';
import { DEFAULT_PAYER, type BillingPolicy, type Policy, type ProgressionStep } from '../domain/policy.ts';
import type { Scenario } from './scenario-schema.ts';
import { TOKEN_POLICY_DEFAULTS } from '../tokens/token-policy.ts';

/** Billing when no scenario says otherwise: every charge succeeds a minute after it comes due; retries a day apart. */
export const DEFAULT_BILLING: BillingPolicy = { failingAttempts: 'none', chargeAfterSeconds: 60, retryAfterSeconds: 86_400, payer: DEFAULT_PAYER };

export function configPolicy(config: Config): Policy {
  return {
    tokens: { ...TOKEN_POLICY_DEFAULTS, ...defined(config.tokens) },
    rateLimit: { ...config.rateLimit },
    orders: { steps: [], payer: DEFAULT_PAYER },
    subscriptions: DEFAULT_BILLING,
    webhooks: { failDeliveries: false, duplicateDeliveries: false, outOfOrder: false, delayMinutes: 0 },
  };
}

export function policyOf(scenario: Scenario | undefined, base: Policy): Policy {
  if (!scenario) return base;
  const times = defined(scenario.payer);
  // A scenario that scripts orders or charges wins over the payer's number (docs/payer-outcomes.md, precedence).
  const orderNumbers = scenario.orders ? (scenario.orders.payerNumbers ?? false) : (base.orders.payer ?? DEFAULT_PAYER).numbers;
  const { payerNumbers: chargeNumbers, ...billing } = scenario.subscriptions ?? {};
  const scriptsCharges = billing.failingAttempts !== undefined;
  return {
    tokens: { ...base.tokens, ...defined(scenario.tokens) },
    rateLimit: { ...base.rateLimit, ...defined(scenario.rateLimit) },
    orders: {
      steps: scenario.orders ? scenario.orders.progression.map(stepOf) : base.orders.steps,
      payer: { ...DEFAULT_PAYER, ...base.orders.payer, ...times, numbers: orderNumbers },
    },
    subscriptions: {
      ...base.subscriptions,
      ...defined(billing),
      payer: { ...DEFAULT_PAYER, ...base.subscriptions.payer, ...times, numbers: chargeNumbers ?? (scriptsCharges ? false : (base.subscriptions.payer ?? DEFAULT_PAYER).numbers) },
    },
    webhooks: { ...base.webhooks, ...defined(scenario.webhooks) },
  };
}

/** A file's step: a status, or a payer outcome (its status and reason from the catalogue). */
function stepOf(step: NonNullable<Scenario['orders']>['progression'][number]): ProgressionStep {
  if (step.outcome === undefined) return { status: step.status ?? 'PAID', after: step.after };
  return { status: FAILURE_REASONS[step.outcome].status, after: step.after, reason: step.outcome };
}

/** The object without its undefined fields, so spreading it keeps the base's values (exactOptionalPropertyTypes). */
function defined<T extends object>(value: T | undefined): { [K in keyof T]?: Exclude<T[K], undefined> } {
  if (!value) return {};
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> };
}
