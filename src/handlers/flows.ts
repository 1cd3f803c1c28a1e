/** The flows the handlers adapt, and their assembly: built once per app by `server/create-app.ts`. */
import type { AppDeps } from '../deps/deps.ts';
import { CUSTOMERS, PLANS, PRODUCTS } from '../catalog/catalog-kinds.ts';
import { catalogFlow } from '../catalog/catalog-flow.ts';
import { orderFlow, type OrderFlow } from '../orders/order-flow.ts';
import { paymentQueries } from '../orders/payment-queries.ts';
import { subscriptionFlow } from '../subscriptions/subscription-flow.ts';
import { tokenFlow } from '../tokens/token-flow.ts';
import { walletChargeGate } from '../wallets/wallet-charge-gate.ts';
import { walletFlow } from '../wallets/wallet-flow.ts';
import type { CatalogFlow } from '../catalog/catalog-flow.ts';
import type { PaymentQueries } from '../orders/payment-queries.ts';
import type { SubscriptionFlow } from '../subscriptions/subscription-flow.ts';
import type { TokenFlow } from '../tokens/token-flow.ts';
import type { WalletFlow } from '../wallets/wallet-flow.ts';
import type { FlowExtensions } from './flow-extensions.ts';
import { orderProgression } from './order-progression.ts';

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

/** Each flow that reads a client's time or policy is handed the client's world (deps/world.ts) by its caller. */
export function createFlows(deps: AppDeps, extensions: FlowExtensions = {}): Flows {
  const orders = orderFlow(deps, orderProgression(deps, extensions));
  const chargeGate = walletChargeGate(deps);
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
