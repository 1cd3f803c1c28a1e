/**
 * Scenario → policy: what a scenario sets, over the base (the configuration, then the `default` scenario). A
 * scenario's unset fields fall back to the base, never to a broader scenario: the narrowest active one wins whole.
 */
import type { Config } from '../platform/config.ts';
import type { BillingPolicy, Policy } from '../domain/policy.ts';
import type { Scenario } from './scenario-schema.ts';

/** Billing when no scenario says otherwise: every charge succeeds a minute after it comes due; retries a day apart. */
export const DEFAULT_BILLING: BillingPolicy = { failingAttempts: 'none', chargeAfterSeconds: 60, retryAfterSeconds: 86_400 };

export function configPolicy(config: Config): Policy {
  return {
    tokens: { ...config.tokens },
    rateLimit: { ...config.rateLimit },
    orders: { steps: [] },
    subscriptions: DEFAULT_BILLING,
    webhooks: { failDeliveries: false, duplicateDeliveries: false },
  };
}

export function policyOf(scenario: Scenario | undefined, base: Policy): Policy {
  if (!scenario) return base;
  return {
    tokens: { ...base.tokens, ...defined(scenario.tokens) },
    rateLimit: { ...base.rateLimit, ...defined(scenario.rateLimit) },
    orders: scenario.orders ? { steps: scenario.orders.progression } : base.orders,
    subscriptions: { ...base.subscriptions, ...defined(scenario.subscriptions) },
    webhooks: { ...base.webhooks, ...defined(scenario.webhooks) },
  };
}

/** The object without its undefined fields, so spreading it keeps the base's values (exactOptionalPropertyTypes). */
function defined<T extends object>(value: T | undefined): { [K in keyof T]?: Exclude<T[K], undefined> } {
  if (!value) return {};
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> };
}
