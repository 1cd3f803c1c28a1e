/** The armed outcomes as the flows' extensions (handlers/flows.ts `FlowExtensions`): orders, payments' ends, charges. */
import type { FlowExtensions } from '../handlers/flow-extensions.ts';
import type { Store } from '../store/store-types.ts';
import { paymentRefusal } from '../wallets/wallet-payable.ts';
import { armedChargeGate } from './armed-charges.ts';
import { armedLedger, armedProgression, armedSettle, type WalletSays } from './armed-orders.ts';
import type { ArmedOutcomes } from './armed-outcomes.ts';

export function armedFlowExtensions(armed: ArmedOutcomes, store: Store): FlowExtensions {
  // An armed PAID meets the payer's wallet as the payer's own PIN would.
  const walletSays: WalletSays = (order, payment, nowMs) => paymentRefusal(store, order.clientId, payment, nowMs);
  return {
    stepsOf: (inner) => armedProgression(armed, walletSays, inner),
    settleAs: armedSettle(armed, walletSays),
    paymentEnded: armedLedger(armed),
    chargeGateOf: (inner) => armedChargeGate(armed, inner),
  };
}
