/**
 * A client's network profile on its other legs, plugged into their extension points as the arms are: the webhooks'
 * `legOf` (each delivery attempt no arm decided: connected late or cut mid-body, webhooks/leg-send.ts) and the
 * checkout page's gate (each page request no arm decided: held or answered 503). A client with no profile pays one
 * Map lookup. What each did is named `profile@stage`: on the delivery attempt, and in the order's story.
 */
import type { World } from '../deps/world.ts';
import type { Delivery } from '../webhooks/delivery-log.ts';
import type { ProfileLeg } from '../webhooks/webhook-types.ts';
import type { ArmedPage } from './armed-checkout.ts';
import type { NetworkProfiles } from './network-profiles.ts';

/** The outcome of the catalogue a page the profile held or refused is: what coverage is told the client met. */
const PAGE_OUTCOME = { slow: 'checkout.slow', unavailable: 'checkout.503' } as const;

export function profileDeliveryLeg(profiles: NetworkProfiles, maxHoldMs: number): (delivery: Delivery, world: World) => ProfileLeg | undefined {
  return (_delivery, world) => {
    const applied = profiles.of(world.clientId);
    if (applied === undefined) return undefined;
    const meeting = profiles.meetLeg(applied, world, 'webhooks', maxHoldMs);
    return meeting?.fault === undefined ? undefined : { leg: meeting.fault, profile: meeting.tag };
  };
}

/** `holdMs`: the mock's `timeouts.heldAnswerSeconds`, as an armed `checkout.slow` holds. */
export function profileCheckout(profiles: NetworkProfiles, holdMs: number): (world: World, orderId: string) => ArmedPage | undefined {
  return (world, orderId) => {
    const applied = profiles.of(world.clientId);
    if (applied === undefined) return undefined;
    const meeting = profiles.meetLeg(applied, world, 'checkout', holdMs);
    if (meeting?.fault === undefined) return undefined;
    profiles.notePage({ orderId, at: world.clock.now().toISOString(), tag: meeting.tag, fault: meeting.fault });
    const outcome = PAGE_OUTCOME[meeting.fault];
    return meeting.fault === 'slow' ? { outcome, profile: meeting.tag, holdMs } : { outcome, profile: meeting.tag, unavailable: true };
  };
}
