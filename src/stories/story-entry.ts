/**
 * An entry of a record's story (spec/admin.yaml `StoryEntry`) and how a story is told in order: oldest first, and
 * the entries of one instant in the order one causes the next (a frozen clock, or one change, makes many at once).
 */
import type { components } from '../generated/admin-types.gen.ts';
import type { PaymentRecord } from '../domain/records.ts';

export type StoryEntry = components['schemas']['StoryEntry'];
export type StoryCause = components['schemas']['StatusCause'];

/** Within one instant: what comes first when a request places an order, a payer pays it, and its webhooks go out. */
export const STEP = {
  request: 0,
  created: 1,
  paymentCreated: 2,
  checkout: 3,
  promptSent: 4,
  promptEnded: 5,
  wallet: 6,
  chargeEnded: 7,
  statusChange: 8,
  paymentEnded: 9,
  webhook: 10,
} as const;

/** An entry with where it stands among those of its instant: `step`, then `order` (a delivery's attempts follow it). */
export interface PlacedEntry {
  entry: StoryEntry;
  step: number;
  order?: number;
}

export function placed(step: number, entry: StoryEntry, order = 0): PlacedEntry {
  return { entry, step, order };
}

/** Oldest first; within an instant by step, then order, then as given. */
export function told(entries: readonly PlacedEntry[]): StoryEntry[] {
  return entries
    .map((placedEntry, index) => ({ ...placedEntry, index, ms: Date.parse(placedEntry.entry.at) }))
    .sort((a, b) => a.ms - b.ms || a.step - b.step || (a.order ?? 0) - (b.order ?? 0) || a.index - b.index)
    .map(({ entry }) => entry);
}

/** A payment's or a charge's end as an entry: `Payment pay_… FAILED: CODE (message)`, its amount and reason. */
export function paymentEndEntry(kind: 'payment' | 'charge', payment: Readonly<PaymentRecord>, at: string): StoryEntry {
  const reason = payment.failureReason;
  const noun = kind === 'payment' ? 'Payment' : 'Charge';
  return {
    at,
    kind,
    summary: `${noun} ${payment.id} ${payment.status}${reason ? `: ${reason.code} (${reason.message})` : ''}`,
    paymentId: payment.id,
    status: payment.status,
    amount: payment.amount,
    ...(reason && { failureReason: reason }),
  };
}
