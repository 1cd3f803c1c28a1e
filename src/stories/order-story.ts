/**
 * An order's story: everything the mock knows of one order, oldest first, on its client's clock (spec/admin.yaml
 * `OrderStory`). Its records tell most of it (the status history, the payment with the checkout page's prompt, the
 * wallet's statement, the deliveries); the request journal its requests; the order's events why it moved.
 */
import { toPublic } from '../domain/public-view.ts';
import type { components } from '../generated/admin-types.gen.ts';
import type { OrderRecord, PaymentRecord, RecordOf } from '../domain/records.ts';
import type { StatusCause } from '../state/status-causes.ts';
import { causeText, statusEntry } from './status-entry.ts';
import { paymentEndEntry, placed, STEP, told, type PlacedEntry, type StoryEntry } from './story-entry.ts';
import { requestEntries, walletEntries, webhookEntries, type StorySources } from './story-sources.ts';

export type OrderStory = components['schemas']['OrderStory'];

export interface OrderStorySources extends StorySources {
  causesOf(orderId: string): readonly StatusCause[];
  /** What a network profile did to the order's checkout page (armed/network-profiles.ts), oldest first. */
  profilePagesOf?(orderId: string): readonly { at: string; tag: string; fault: 'slow' | 'unavailable' }[];
}

export function orderStory(sources: OrderStorySources, order: Readonly<OrderRecord>): OrderStory {
  const { clientId } = order;
  const payments = sources.store.list<PaymentRecord>('payments', clientId).filter((payment) => payment.orderId === order.id);
  const causes = sources.causesOf(order.id);
  const entries: PlacedEntry[] = [
    ...requestEntries(sources, clientId, [order.id, ...payments.map((payment) => payment.id)]),
    ...statusEntries(order, causes),
    ...payments.flatMap((payment) => paymentEntries(payment, causes)),
    ...walletEntries(sources, clientId, { orderId: order.id }),
    ...webhookEntries(sources, clientId, (data) => data['orderId'] === order.id),
    ...armedPageEntries(sources, order),
    ...profilePageEntries(sources, order),
  ];
  const failureReason = payments.at(-1)?.failureReason;
  return {
    orderId: order.id,
    clientId,
    status: order.status,
    payments: payments.map((payment) => toPublic(payment) as components['schemas']['Payment']),
    ...(failureReason && { failureReason }),
    entries: told(entries),
  };
}

/** What an armed checkout page (checkout.slow, checkout.503) did when the order's page was opened: its arm's firings. */
const PAGE_SAYS: Readonly<Record<string, string>> = {
  'checkout.slow': 'The checkout page was held before it answered (armed checkout.slow)',
  'checkout.503': 'The checkout page answered 503, nothing done (armed checkout.503)',
};

function armedPageEntries(sources: OrderStorySources, order: Readonly<OrderRecord>): PlacedEntry[] {
  return sources.store
    .list<RecordOf<'armedOutcomes'>>('armedOutcomes', order.clientId)
    .flatMap((arm) => {
      const says = Object.hasOwn(PAGE_SAYS, arm.outcome) ? PAGE_SAYS[arm.outcome] : undefined;
      if (says === undefined) return [];
      return arm.firings.filter((firing) => firing.recordId === order.id).map((firing) => placed(STEP.checkout, { at: firing.at, kind: 'checkout', summary: says }));
    });
}

/** What a network profile's `checkout` leg did when the order's page was opened. */
function profilePageEntries(sources: OrderStorySources, order: Readonly<OrderRecord>): PlacedEntry[] {
  return (sources.profilePagesOf?.(order.id) ?? []).map(({ at, tag, fault }) =>
    placed(STEP.checkout, {
      at,
      kind: 'checkout',
      summary: fault === 'slow' ? `The checkout page was held before it answered (network profile ${tag})` : `The checkout page answered 503, nothing done (network profile ${tag})`,
    }),
  );
}

function statusEntries(order: Readonly<OrderRecord>, causes: readonly StatusCause[]): PlacedEntry[] {
  return order.statusHistory.map((change, index) => {
    const from = order.statusHistory[index - 1]?.status;
    if (from === undefined) return placed(STEP.created, { at: change.at, kind: 'status_change', summary: `Order placed: ${change.status}`, status: change.status });
    const known = causes.find((one) => one.status === change.status);
    const cause = known && { ...known.trigger, ...(known.armed !== undefined && { armed: known.armed }) };
    return placed(STEP.statusChange, statusEntry(change.at, from, change.status, cause));
  });
}

/** The payment: created, the checkout page's push and the prompt on the phone (sent, answered, expired), its end. */
function paymentEntries(payment: Readonly<PaymentRecord>, causes: readonly StatusCause[]): PlacedEntry[] {
  const phone = typeof payment._payerPhone === 'string' ? payment._payerPhone : undefined;
  const payer = { paymentMethod: payment.method, ...(phone !== undefined && { phone }) };
  // Every payment is created PENDING with its order (orders/new-purchase.ts): the entry tells that, not where the
  // payment stands now, which its own end entry tells at its instant.
  const entries: PlacedEntry[] = [
    placed(STEP.paymentCreated, {
      at: payment.createdAt,
      kind: 'payment',
      summary: `Payment ${payment.id} created: ${payment.amount} ${payment.currency}, PENDING`,
      paymentId: payment.id,
      status: 'PENDING',
      amount: payment.amount,
    }),
  ];
  const refused = causes.find((cause) => cause.trigger.by === 'wallet');
  const pushedAt = payment._promptAt ?? refused?.at;
  if (pushedAt !== undefined) {
    entries.push(placed(STEP.checkout, { at: pushedAt, kind: 'checkout', summary: `The payer chose ${payment.method} on the checkout page and typed ${phone ?? 'a number'}`, ...payer }));
  }
  if (payment._promptAt !== undefined) {
    entries.push(placed(STEP.promptSent, { at: payment._promptAt, kind: 'prompt', summary: `Prompt sent to ${phone ?? 'the payer'}'s phone`, prompt: 'sent', ...payer }));
    const ended = promptEnd(payment, causes);
    if (ended) entries.push(placed(STEP.promptEnded, { ...ended, kind: 'prompt', ...payer }));
  }
  if (payment.status !== 'PENDING' && payment.updatedAt !== undefined) {
    entries.push(placed(STEP.paymentEnded, paymentEndEntry('payment', payment, payment.updatedAt)));
  }
  return entries;
}

/** How the prompt ended: the payer's answer (as the order's event said), or its expiry (the payment's reason). */
function promptEnd(payment: Readonly<PaymentRecord>, causes: readonly StatusCause[]): Omit<StoryEntry, 'kind'> | undefined {
  const answered = causes.find((cause) => cause.trigger.by === 'payer');
  if (answered?.trigger.by === 'payer') {
    return { at: answered.at, summary: `The payer answered the prompt: ${causeText(answered.trigger)}`, prompt: 'answered', answer: answered.trigger.answer };
  }
  if (payment.failureReason?.code === 'PAYER_TIMEOUT' && payment.updatedAt !== undefined) {
    return { at: payment.updatedAt, summary: 'The prompt expired unanswered', prompt: 'expired' };
  }
  return undefined;
}
