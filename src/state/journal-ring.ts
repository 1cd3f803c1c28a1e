/**
 * One ring of journal entries: the newest `capacity` kept, the exchanges of the newest held under a budget of their
 * own (journal-exchange.ts). The request journal keeps two (request-journal.ts): traffic of no client cannot push a
 * client's entries out.
 */
import { exchangeBudget, type Holder } from './journal-exchange.ts';

/** What a ring holds of one request: its facts (read when it was answered) and, while the budget allows, its exchange. */
export interface JournalSlot<Facts extends { clientId: string | undefined }> extends Holder {
  /** Arrival order across the rings of one journal, so they read newest first as one. */
  sequence: number;
  facts: Facts;
}

export interface JournalRing<Slot> {
  add(slot: Slot): void;
  newestSlots(): Generator<Slot>;
  /** Empties it; returns how many entries it held. */
  clear(): number;
  /** Drops one client's entries, keeping the others in order; returns how many went. */
  forget(clientId: string): number;
}

export function journalRing<Facts extends { clientId: string | undefined }, Slot extends JournalSlot<Facts>>(capacity: number): JournalRing<Slot> {
  // `next` is where the next entry goes; once full, it overwrites the oldest.
  const ring: Array<Slot | undefined> = new Array<Slot | undefined>(capacity);
  const budget = exchangeBudget();
  let next = 0;
  let size = 0;
  const newestSlots = function* () {
    for (let back = 1; back <= size; back += 1) yield ring[(next - back + capacity) % capacity] as Slot;
  };
  return {
    add(slot) {
      const overwritten = ring[next];
      if (overwritten) budget.release(overwritten);
      ring[next] = slot;
      budget.hold(slot);
      next = (next + 1) % capacity;
      size = Math.min(size + 1, capacity);
    },
    newestSlots,
    clear() {
      const held = size;
      budget.clear();
      ring.fill(undefined);
      next = 0;
      size = 0;
      return held;
    },
    forget(clientId) {
      const slots = [...newestSlots()].reverse();
      const kept = slots.filter((slot) => slot.facts.clientId !== clientId);
      for (const slot of slots) if (slot.facts.clientId === clientId) budget.release(slot);
      ring.fill(undefined);
      kept.forEach((slot, index) => (ring[index] = slot));
      size = kept.length;
      next = size % capacity;
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
