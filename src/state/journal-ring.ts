/**
 * One ring of journal entries: the newest `capacity` kept, the exchanges of the newest held under a byte budget of
 * their own (journal-exchange.ts). The request journal keeps two (request-journal.ts): traffic of no client cannot
 * push a client's entries out.
 *
 * Every slot is added holding its exchange, and the budget takes exchanges back oldest first, so the slots still
 * holding one are always the newest few: a count and a sum say which, with no set of holders to keep in order.
 */
import { EXCHANGE_BUDGET_BYTES, type KeptExchange } from './journal-exchange.ts';

/** What a ring holds of one request: its facts (read when it was answered) and, while the budget allows, its exchange. */
export interface JournalSlot {
  /** Arrival order across the rings of one journal, so they read newest first as one. */
  sequence: number;
  clientId: string | undefined;
  /** Given up, oldest first, when the ring's exchanges together pass the budget. */
  exchange: KeptExchange | undefined;
  /** What the exchange costs the budget (journal-exchange.ts). */
  bytes: number;
}

export interface JournalRing<Slot> {
  /**
   * Once the ring is full, its oldest slot, taken out (its exchange given back) to be written again and added as the
   * newest: a journal that keeps its slots makes no object per entry for the collector to carry. Undefined before.
   */
  reuse(): Slot | undefined;
  /** A slot holding its exchange. */
  add(slot: Slot): void;
  newestSlots(): Generator<Slot>;
  /** Empties it; returns how many entries it held. */
  clear(): number;
  /** Drops one client's entries, keeping the others in order; returns how many went. */
  forget(clientId: string): number;
}

export function journalRing<Slot extends JournalSlot>(
  capacity: number,
  budgetBytes = EXCHANGE_BUDGET_BYTES,
): JournalRing<Slot> {
  // `next` is where the next entry goes; once full, it overwrites the oldest.
  const ring: Array<Slot | undefined> = new Array<Slot | undefined>(capacity);
  let next = 0;
  let size = 0;
  // The newest `held` slots hold their exchange, `heldBytes` together.
  let held = 0;
  let heldBytes = 0;
  /** 1 is the newest slot, `size` the oldest. */
  const back = (count: number) => ring[(next - count + capacity) % capacity] as Slot;
  const releaseOldestHeld = () => {
    const slot = back(held);
    slot.exchange = undefined;
    heldBytes -= slot.bytes;
    held -= 1;
  };
  const newestSlots = function* () {
    for (let count = 1; count <= size; count += 1) yield back(count);
  };
  return {
    reuse() {
      if (size < capacity) return undefined;
      // The oldest holds its exchange only when every slot does.
      if (held === size) releaseOldestHeld();
      size -= 1;
      return ring[next];
    },
    add(slot) {
      // Full, the slot about to be overwritten is the oldest: it gives its exchange up first if it still holds one.
      if (size === capacity && held === capacity) releaseOldestHeld();
      ring[next] = slot;
      next = (next + 1) % capacity;
      size = Math.min(size + 1, capacity);
      held += 1;
      heldBytes += slot.bytes;
      while (heldBytes > budgetBytes && held > 0) releaseOldestHeld();
    },
    newestSlots,
    clear() {
      const count = size;
      while (held > 0) releaseOldestHeld();
      ring.fill(undefined);
      next = 0;
      size = 0;
      return count;
    },
    forget(clientId) {
      const slots = [...newestSlots()].reverse();
      const kept = slots.filter((slot) => slot.clientId !== clientId);
      for (const slot of slots) if (slot.clientId === clientId) slot.exchange = undefined;
      ring.fill(undefined);
      kept.forEach((slot, index) => (ring[index] = slot));
      size = kept.length;
      next = size % capacity;
      // Those still holding are still the newest of what is kept.
      const holding = kept.filter((slot) => slot.exchange !== undefined);
      held = holding.length;
      heldBytes = holding.reduce((total, slot) => total + slot.bytes, 0);
      return slots.length - kept.length;
    },
  };
}

/** Two rings read newest first as one, by arrival order. */
export function* newestOfBoth<Slot extends { sequence: number }>(first: Generator<Slot>, second: Generator<Slot>): Generator<Slot> {
  let a = first.next();
  let b = second.next();
  while (!a.done || !b.done) {
    if (b.done || (!a.done && a.value.sequence > b.value.sequence)) {
      yield a.value as Slot;
      a = first.next();
    } else {
      yield b.value;
      b = second.next();
    }
  }
}
