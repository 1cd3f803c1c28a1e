/**
 * What `listen` prints as it happens: each attempt of each delivery to the listener's URL, with the receiver's
 * answer (status and time) or why it got none, read from the admin API's delivery list by polling.
 */
import { printable } from '../platform/printable.ts';
import type { components } from '../generated/admin-types.gen.ts';
import { wallClockNow } from '../platform/clock.ts';
import type { Paint } from '../platform/colour.ts';
import { timeOfDay } from '../platform/log.ts';
import type { ProviderApi } from '../provider-states/provider-api.ts';

/** A delivery as the admin API lists it (spec/admin.yaml `Delivery`). */
type Delivery = components['schemas']['Delivery'];
type Attempt = Delivery['attempts'][number];

/** Remembers the attempts already printed; `print` prints the new ones, oldest first. */
export function deliveryPrinter(api: ProviderApi, clientId: string, url: string, paint: Paint, write: (text: string) => void) {
  const printed = new Map<string, number>();
  const read = async (): Promise<Delivery[]> =>
    (await api.admin('listWebhookDeliveries', { query: { clientId } })).data as Delivery[];
  return {
    /** What was delivered before listen started is not news: it is only remembered. */
    async skipPast(): Promise<void> {
      for (const delivery of await read()) printed.set(delivery.id, delivery.attempts.length);
    },
    async print(): Promise<void> {
      const deliveries = (await read()).filter((delivery) => delivery.url === url).reverse();
      for (const delivery of deliveries) {
        const seen = printed.get(delivery.id) ?? 0;
        for (const attempt of delivery.attempts.slice(seen)) write(`${attemptLine(delivery, attempt, paint)}\n`);
        printed.set(delivery.id, delivery.attempts.length);
      }
    },
  };
}

/** One attempt; what came from the mock is made printable before colour is added. */
function attemptLine(delivery: Delivery, attempt: Attempt, paint: Paint): string {
  // The payload's subject, whichever record the event is about (an order, a subscription or a payment).
  const data: Partial<Record<'status' | 'orderId' | 'subscriptionId' | 'paymentId', string>> = delivery.payload.data;
  const subject = data.orderId ?? data.subscriptionId ?? data.paymentId;
  const about = printable(`${delivery.type}${data.status ? ` ${data.status}` : ''}${subject ? ` (${subject})` : ''} ${delivery.eventId} [${delivery.id}]`);
  const ok = attempt.statusCode !== undefined && attempt.statusCode >= 200 && attempt.statusCode < 300;
  const answer =
    attempt.statusCode === undefined ? paint('red', `no answer: ${printable(attempt.error ?? 'failed')}`) : paint(ok ? 'green' : 'red', `${attempt.statusCode}`);
  const next = ok ? '' : delivery.nextAttemptAt ? `, retried at ${printable(delivery.nextAttemptAt)} (mock clock)` : ', failed for good';
  return `${paint('dim', timeOfDay(wallClockNow()))} --> ${about} <-- ${answer} in ${Math.round(attempt.durationMs)} ms${next}`;
}
