/** The flows the handlers adapt, built once per app by `server/create-app.ts`. */
import type { OrderFlow } from '../orders/order-flow.ts';
import type { CatalogFlow } from '../catalog/catalog-flow.ts';
import type { PaymentQueries } from '../orders/payment-queries.ts';
import type { SubscriptionFlow } from '../subscriptions/subscription-flow.ts';
import type { TokenFlow } from '../tokens/token-flow.ts';
import type { WalletFlow } from '../wallets/wallet-flow.ts';

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
