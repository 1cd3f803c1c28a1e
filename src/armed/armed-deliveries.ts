/**
 * An armed delivery behaviour (`webhook.duplicate-received`, `webhook.failing`, `webhook.delayed`,
 * `webhook.out-of-order`), plugged into the webhooks' outbox (src/webhooks/webhook-types.ts `DeliveryArming`): the
 * deliveries of the client's next change that causes any behave so, and the arm counts down in that same change.
 */
import type { DeliveryArming } from '../webhooks/webhook-types.ts';
import type { Store } from '../store/store-types.ts';
import { ARMED_DELAY_MINUTES, type DeliveryEffect } from './armable.ts';
import type { ArmedOutcomes } from './armed-outcomes.ts';

export function armedDeliveries(armed: Pick<ArmedOutcomes, 'live' | 'fire'>, store: Pick<Store, 'put'>): DeliveryArming {
  return {
    take(world) {
      const [arm] = armed.live(world.clientId, 'delivery');
      if (!arm) return undefined;
      return {
        behaviour: (arm.effect as DeliveryEffect).behaviour,
        delayMinutes: ARMED_DELAY_MINUTES,
        fired(deliveryId) {
          const fired = armed.fire(arm.record.id, world.clock.now().toISOString(), { recordId: deliveryId });
          if (fired) store.put(fired.collection, fired.record);
        },
      };
    },
  };
}
