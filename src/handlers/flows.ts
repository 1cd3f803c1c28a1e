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
import { armedOutcomes, type ArmedOutcomes } from '../armed/armed-outcomes.ts';
import { armedLedger, armedProgression } from '../armed/armed-orders.ts';
import { armedChargeGate } from '../armed/armed-charges.ts';
import type { PaymentEnded } from '../orders/order-flow.ts';

export interface Flows {
  tokens: TokenFlow;
  products: CatalogFlow;
  customers: CatalogFlow;
  plans: CatalogFlow;
  subscriptions: SubscriptionFlow;
  orders: OrderFlow;
  payments: PaymentQueries;
  wallets: WalletFlow;
  /** The outcomes armed for each client's next moves (src/armed/). */
  armed: ArmedOutcomes;
}

/** Each flow that reads a client's time or policy is handed the client's world (deps/world.ts) by its caller. */
export function createFlows(deps: AppDeps): Flows {
  // The payer's wallet, else the payer's number (the outcome catalogue), and the checkout page's prompt shape each
  // order's progression; the wallet meets each prompt the checkout page sends.
  // A payment's end debits its wallet and writes the statement line in the same write, so the next step reads them.
  const armed = armedOutcomes(deps);
  const orders = orderFlow(deps, {
    stepsOf: armedProgression(armed, walletProgression(deps, payerProgression(deps.store))),
    promptGate: walletPromptGate(deps),
    paymentEnded: bothEnded(walletLedger(deps.store, deps.random), armedLedger(armed)),
  });
  return {
    tokens: tokenFlow(deps),
    products: catalogFlow(PRODUCTS, deps),
    customers: catalogFlow(CUSTOMERS, deps),
    plans: catalogFlow(PLANS, deps),
    subscriptions: subscriptionFlow(deps, { gateOf: armedChargeGate(armed, walletChargeGate(deps)) }),
    orders,
    payments: paymentQueries(deps.store),
    wallets: walletFlow(deps, { orders }),
    armed,
  };
}

/** Both ends, in order: the wallet's debit first, then what else the payment's end writes. */
function bothEnded(first: PaymentEnded, second: PaymentEnded): PaymentEnded {
  return (payment, cause) => [...first(payment, cause), ...second(payment, cause)];
}
