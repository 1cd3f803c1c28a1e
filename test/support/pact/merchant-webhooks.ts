/**
 * The merchant app's webhook receiver, as the consumer of the webhook contract: what it reads of an event (its
 * id for deduplication, its type, the record's id and new status) and what it refuses.
 */
export interface StatusUpdate {
  eventId: string;
  record: 'order' | 'payment' | 'subscription';
  id: string;
  status: string;
  /** The order or subscription a payment belongs to. */
  parent?: string;
}

const RECORD_OF: Record<string, { record: StatusUpdate['record']; idField: string }> = {
  'order.status_changed': { record: 'order', idField: 'orderId' },
  'payment.status_changed': { record: 'payment', idField: 'paymentId' },
  'subscription.status_changed': { record: 'subscription', idField: 'subscriptionId' },
};

export class WebhookRefused extends Error {}

/** The update a webhook body asks the merchant to record; throws on a body the merchant cannot act on. */
export function statusUpdateOf(body: unknown): StatusUpdate {
  const event = body as { id?: unknown; type?: unknown; createdAt?: unknown; data?: Record<string, unknown> };
  const known = typeof event.type === 'string' ? RECORD_OF[event.type] : undefined;
  if (!known) throw new WebhookRefused(`unknown webhook type ${String(event.type)}`);
  if (typeof event.id !== 'string' || typeof event.createdAt !== 'string' || Number.isNaN(Date.parse(event.createdAt))) {
    throw new WebhookRefused('a webhook names its event id and when it happened');
  }
  const id = event.data?.[known.idField];
  const status = event.data?.['status'];
  if (typeof id !== 'string' || typeof status !== 'string') throw new WebhookRefused(`data.${known.idField} and data.status are required`);
  const parent = event.data?.['orderId'] ?? event.data?.['subscriptionId'];
  return { eventId: event.id, record: known.record, id, status, ...(known.record === 'payment' && typeof parent === 'string' ? { parent } : {}) };
}
