/** The flows the handlers adapt, and their assembly: built once per app by `server/create-app.ts`. */
import type { AppDeps } from '../deps/deps.ts';
import { CUSTOMERS, PLANS, PRODUCTS } from '../catalog/catalog-kinds.ts';
import { catalogFlow } from '../catalog/catalog-flow.ts';
import { orderFlow, type OrderFlow } from '../orders/order-flow.ts';
import { payerProgression } from '../orders/payer-progression.ts';
import { paymentQueries } from '../orders/payment-queries.ts';
import { subscriptionFlow } from '../subscriptions/subscription-flow.ts';
import { tokenFlow } from '../tokens/token-flow.ts';
import { walletChargeGate } from '../wallets/wallet-charge-gate.ts';
import { walletFlow } from '../wallets/wallet-flow.ts';
import { walletLedger } from '../wallets/wallet-ledger.ts';
import { walletProgression } from '../wallets/wallet-progression.ts';
import { walletPromptGate } from '../wallets/wallet-prompt-gate.ts';
import type { CatalogFlow } from '../catalog/catalog-flow.ts';
import type { PaymentQueries } from '../orders/payment-queries.ts';
import type { SubscriptionFlow } from '../subscriptions/subscription-flow.ts';
import type { TokenFlow } from '../tokens/token-flow.ts';
import type { WalletFlow } from '../wallets/wallet-flow.ts';
import type { PaymentEnded, SettleAs } from '../orders/order-flow.ts';
import type { StepsOf } from '../orders/payer-progression.ts';
import type { ChargeGateOf } from '../subscriptions/bill-subscriptions.ts';

export interface Flows {
  tokens: TokenFlow;
  products: CatalogFlow;
  customers: CatalogFlow;
  plans: CatalogFlow;
  subscriptions: SubscriptionFlow;
  orders: OrderFlow;
  payments: PaymentQueries;
  wallets: WalletFlow;
}

/**
 * What a feature above the flows adds to them (src/armed/: an armed outcome), each around what the flows do without
 * it: the steps a pending order follows, what an action settling it becomes, what a payment's end writes, what meets a
 * subscription charge.
 */
export interface FlowExtensions {
  stepsOf?: (inner: StepsOf) => StepsOf;
  settleAs?: SettleAs;
  paymentEnded?: PaymentEnded;
  chargeGateOf?: (inner: ChargeGateOf) => ChargeGateOf;
}

/** Each flow that reads a client's time or policy is handed the client's world (deps/world.ts) by its caller. */
export function createFlows(deps: AppDeps, extensions: FlowExtensions = {}): Flows {
  // The payer's wallet, else the payer's number (the outcome catalogue), and the checkout page's prompt shape each
  // order's progression; the wallet meets each prompt the checkout page sends.
  // A payment's end debits its wallet and writes the statement line in the same write, so the next step reads them.
  const stepsOf = walletProgression(deps, payerProgression(deps.store));
  const ledger = walletLedger(deps.store, deps.random);
  const chargeGate = walletChargeGate(deps);
  const orders = orderFlow(deps, {
    stepsOf: extensions.stepsOf?.(stepsOf) ?? stepsOf,
    promptGate: walletPromptGate(deps),
    ...(extensions.settleAs && { settleAs: extensions.settleAs }),
    paymentEnded: extensions.paymentEnded ? bothEnded(ledger, extensions.paymentEnded) : ledger,
  });
  return {
    tokens: tokenFlow(deps),
    products: catalogFlow(PRODUCTS, deps),
    customers: catalogFlow(CUSTOMERS, deps),
    plans: catalogFlow(PLANS, deps),
    subscriptions: subscriptionFlow(deps, { gateOf: extensions.chargeGateOf?.(chargeGate) ?? chargeGate }),
    orders,
    payments: paymentQueries(deps.store),
    wallets: walletFlow(deps, { orders }),
  };
}

/** Both ends, in order: the wallet's debit first, then what else the payment's end writes. */
function bothEnded(first: PaymentEnded, second: PaymentEnded): PaymentEnded {
  return (payment, cause) => [...first(payment, cause), ...second(payment, cause)];
}
