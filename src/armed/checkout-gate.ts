/**
 * What a checkout page meets before it shows (pages/checkout/checkout-pages.ts `gate`): the client's armed page
 * (`checkout.slow`, `checkout.503`) first, else its network profile's checkout leg. Coverage is told which outcome
 * the client met, since the page, not a request's answer, is where it shows.
 */
import type { World } from '../deps/world.ts';
import type { ApplyChange } from '../store/apply-change.ts';
import type { Store } from '../store/store-types.ts';
import { armedCheckout, type ArmedPage } from './armed-checkout.ts';
import type { ArmedOutcomes } from './armed-outcomes.ts';
import { profileCheckout } from './network-profile-legs.ts';
import type { NetworkProfiles } from './network-profiles.ts';

export function checkoutGate(parts: {
  armed: Pick<ArmedOutcomes, 'live' | 'fire'>;
  networkProfiles: NetworkProfiles;
  store: Pick<Store, 'put'>;
  apply: ApplyChange;
  /** How long a held page waits: the mock's `timeouts.heldAnswerSeconds`. */
  holdMs: number;
  /** Tells coverage the client met this outcome. */
  met: (world: World, outcome: string) => void;
}): (world: World, orderId: string) => Promise<ArmedPage | undefined> {
  const armedPage = armedCheckout(parts.armed, parts.store, parts.apply, parts.holdMs);
  const profilePage = profileCheckout(parts.networkProfiles, parts.holdMs);
  return async (world, orderId) => {
    const page = (await armedPage(world, orderId)) ?? profilePage(world, orderId);
    if (page) parts.met(world, page.outcome);
    return page;
  };
}
