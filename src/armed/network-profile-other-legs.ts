/**
 * A network profile's other legs as draws (docs/network-failures.md#profiles): what one draw of a leg's own seeded
 * stream gives a webhook delivery attempt (`webhooks`) or a checkout page request (`checkout`) in a stage, and which
 * of the applied view's counts it adds to. Pure; network-profiles.ts holds the streams and the counts.
 */
import type { components } from '../generated/admin-types.gen.ts';
import type { ProfileStage } from './network-profile-schema.ts';

/** What the profile does to a request of the other legs: a delivery attempt (webhooks/leg-send.ts), a checkout page. */
export interface LegFaults {
  webhooks: 'connect-delay' | 'reset-mid-body';
  checkout: 'slow' | 'unavailable';
}
export type OtherLeg = keyof LegFaults;

export interface LegMeeting<L extends OtherLeg> {
  /** `name@stage`, for the delivery attempt and the order's story. */
  tag: string;
  fault?: LegFaults[L];
}

/** Another leg's stream: the profile's seed moved by a constant per leg (the golden ratio's, so the streams differ). */
export function legSeed(seed: number, leg: number): number {
  return (seed + leg * 0x9e3779b9) >>> 0;
}

export const FAULT_COUNTS = {
  'connect-delay': 'connectDelay',
  'reset-mid-body': 'resetMidBody',
  slow: 'checkoutSlow',
  unavailable: 'checkoutUnavailable',
} as const satisfies Record<LegFaults[OtherLeg], keyof components['schemas']['AppliedNetworkProfile']['faults']>;

/** The fault one draw gives on another leg of the stage: the rates stacked in a fixed order, as the API's are. */
export function legFaultOf(stage: ProfileStage, leg: OtherLeg, draw: number): LegFaults[OtherLeg] | undefined {
  const rates =
    leg === 'webhooks'
      ? ([['connect-delay', stage.webhooks?.connectDelay], ['reset-mid-body', stage.webhooks?.resetMidBody]] as const)
      : ([['slow', stage.checkout?.slow], ['unavailable', stage.checkout?.unavailable]] as const);
  let threshold = 0;
  for (const [fault, rate] of rates) {
    threshold += rate ?? 0;
    if (draw < threshold) return fault;
  }
  return undefined;
}
