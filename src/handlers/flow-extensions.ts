/** The extension points of the flows: what a feature above them (src/armed/) wraps or adds. */
import type { PaymentEnded, SettleAs } from '../orders/order-flow.ts';
import type { StepsOf } from '../orders/payer-progression.ts';
import type { ChargeGateOf } from '../subscriptions/bill-subscriptions.ts';

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
