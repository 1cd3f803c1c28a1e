/** The armed outcomes as the flows' extensions (handlers/flows.ts `FlowExtensions`): orders, payments' ends, charges. */
import type { FlowExtensions } from '../handlers/flows.ts';
import { armedChargeGate } from './armed-charges.ts';
import { armedLedger, armedProgression } from './armed-orders.ts';
import type { ArmedOutcomes } from './armed-outcomes.ts';

export function armedFlowExtensions(armed: ArmedOutcomes): FlowExtensions {
  return {
    stepsOf: (inner) => armedProgression(armed, inner),
    paymentEnded: armedLedger(armed),
    chargeGateOf: (inner) => armedChargeGate(armed, inner),
  };
}
