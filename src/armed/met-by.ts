/**
 * What meets an armed outcome, in the words every reader prints (the admin API's `metBy` and `firesWhen`, read by
 * `arm`, the console and MCP): the client's next moves of its kind and, for an order, when the order it binds ends in it.
 */
import type { Meets } from './armable.ts';

/** What the client does that meets an outcome: one, and several. */
const MOVES: ReadonlyMap<Meets, readonly [string, string]> = new Map([
  ['request', ['request', 'requests']],
  ['order', ['order placed', 'orders placed']],
  ['charge', ['subscription charge', 'subscription charges']],
  ['delivery', ['webhook delivery', 'webhook deliveries']],
  ['page', ['checkout page opened', 'checkout pages opened']],
] as const);

/** When an order outcome fires: the order it binds ends in it however it is settled (docs/arming.md). */
const ORDER_FIRES =
  "when it ends: at the status poll that ends it (the 3rd by default), at a scenario's time step, or when the payer answers the checkout push or the checkout page";

/** `its next order placed`, `its next 2 requests to createOrder`; `spent` once none is left. */
export function metBy(armed: { meets: Meets; remaining: number; operation?: string | undefined }): string {
  if (armed.remaining === 0) return 'spent';
  const [one, many] = MOVES.get(armed.meets) ?? [armed.meets, armed.meets];
  const what = armed.remaining === 1 ? one : `${armed.remaining} ${many}`;
  return `its next ${what}${armed.operation === undefined ? '' : ` to ${armed.operation}`}`;
}

/** An armed record as the admin API answers it: with what meets it from now. */
export function armedView<T extends { meets: Meets; remaining: number; operation?: string | undefined }>(record: T): T & { metBy: string; firesWhen?: string } {
  return { ...record, metBy: metBy(record), ...(record.meets === 'order' && { firesWhen: ORDER_FIRES }) };
}
