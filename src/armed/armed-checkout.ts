/**
 * An armed checkout page (`checkout.slow`, `checkout.503`), plugged into the checkout page's gate
 * (pages/checkout/checkout-pages.ts `CheckoutGate`): the next page of one of the client's orders that is opened or
 * posted answers after the hold, or answers 503 with nothing done. The arm counts down, durably, before it answers.
 */
import type { World } from '../deps/world.ts';
import type { ApplyChange } from '../store/apply-change.ts';
import type { Store } from '../store/store-types.ts';
import type { PageEffect } from './armable.ts';
import type { ArmedOutcomes } from './armed-outcomes.ts';

/**
 * What the page does: held `holdMs` then answered, or answered 503; `outcome` names the arm (or the outcome a network
 * profile made, then `profile` names it, network-profile-legs.ts) for what records it.
 */
export type ArmedPage = { outcome: string; profile?: string } & ({ holdMs: number } | { unavailable: true });

export function armedCheckout(
  armed: Pick<ArmedOutcomes, 'live' | 'fire'>,
  store: Pick<Store, 'put'>,
  apply: ApplyChange,
  holdMs: number,
): (world: World, orderId: string) => Promise<ArmedPage | undefined> {
  return async (world, orderId) => {
    // Most clients have nothing armed: their pages pay one look at their world.
    if (world.armedOutcomes().length === 0) return undefined;
    const [arm] = armed.live(world.clientId, 'page');
    if (!arm) return undefined;
    const fired = armed.fire(arm.record.id, world.clock.now().toISOString(), { recordId: orderId });
    if (fired) {
      store.put(fired.collection, fired.record);
      await apply({ written: [fired] });
    }
    const { outcome } = arm.record;
    return (arm.effect as PageEffect).page === 'slow' ? { outcome, holdMs } : { outcome, unavailable: true };
  };
}
