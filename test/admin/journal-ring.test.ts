/**
 * One ring of the request journal: the newest entries kept, and of those the newest few holding their exchange while
 * the exchanges together stay under the ring's byte budget (given back oldest first, as the ring overwrites, and
 * when a client's entries are forgotten).
 */
import { describe, expect, it } from 'vitest';
import { journalRing, type JournalRing, type JournalSlot } from '../../src/state/journal-ring.ts';
import type { KeptExchange } from '../../src/state/journal-exchange.ts';

type Slot = JournalSlot & { name: string };

const exchange = { requestHeaders: [], requestText: undefined, requestBytes: 0, requestTruncated: false, responseHeaders: {}, responseText: undefined, responseBytes: 0, responseTruncated: false } satisfies KeptExchange;
let sequence = 0;
const slot = (clientId: string, bytes: number): Slot => ({ sequence: (sequence += 1), clientId, name: clientId, exchange: { ...exchange }, bytes });

/** Newest first: the client of each slot, and whether it still holds its exchange. */
const read = (ring: JournalRing<Slot>) => [...ring.newestSlots()].map((held) => `${held.name}${held.exchange ? '+' : '-'}`);

describe('a journal ring and its budget', () => {
  it('gives exchanges back oldest first past the budget, and one larger than the budget is not held', () => {
    const ring = journalRing<Slot>(5, 100);
    for (const client of ['a', 'b', 'c']) ring.add(slot(client, 40));
    expect(read(ring)).toEqual(['c+', 'b+', 'a-']);
    ring.add(slot('d', 10));
    expect(read(ring)).toEqual(['d+', 'c+', 'b+', 'a-']);
    ring.add(slot('e', 150));
    expect(read(ring)).toEqual(['e-', 'd-', 'c-', 'b-', 'a-']);
    ring.add(slot('f', 60));
    expect(read(ring)).toEqual(['f+', 'e-', 'd-', 'c-', 'b-']);
  });

  it('an overwritten slot gives its share back, so the newest ones hold theirs', () => {
    const ring = journalRing<Slot>(3, 100);
    for (let n = 0; n < 10; n += 1) ring.add(slot(`c${n}`, 30));
    expect(read(ring)).toEqual(['c9+', 'c8+', 'c7+']);
    ring.add(slot('c10', 45));
    expect(read(ring)).toEqual(['c10+', 'c9+', 'c8-']);
  });

  it('forgetting a client gives its share back, and the budget counts what is left', () => {
    const ring = journalRing<Slot>(6, 100);
    for (const client of ['a', 'x', 'b', 'x', 'c']) ring.add(slot(client, 30));
    expect(read(ring)).toEqual(['c+', 'x+', 'b+', 'x-', 'a-']);
    expect(ring.forget('x')).toBe(2);
    expect(read(ring)).toEqual(['c+', 'b+', 'a-']);
    // 60 held: one more of 30 fits, a second pushes out the oldest that holds (b).
    ring.add(slot('d', 30));
    expect(read(ring)).toEqual(['d+', 'c+', 'b+', 'a-']);
    ring.add(slot('e', 30));
    expect(read(ring)).toEqual(['e+', 'd+', 'c+', 'b-', 'a-']);
    expect(ring.clear()).toBe(5);
    expect(read(ring)).toEqual([]);
    ring.add(slot('f', 90));
    expect(read(ring)).toEqual(['f+']);
  });

  it('once full, hands its oldest slot out to be written again, its exchange given back, and takes it as the newest', () => {
    const ring = journalRing<Slot>(3, 100);
    expect(ring.reuse()).toBeUndefined();
    for (const client of ['a', 'b', 'c']) ring.add(slot(client, 30));
    const oldest = ring.reuse();
    expect(oldest?.name).toBe('a');
    expect(oldest?.exchange).toBeUndefined();
    expect(read(ring)).toEqual(['c+', 'b+']);
    const again = Object.assign(oldest as Slot, { name: 'd', clientId: 'd', exchange: { ...exchange }, bytes: 50 });
    ring.add(again);
    // 110 held: the oldest that holds (b) gives its share back.
    expect(read(ring)).toEqual(['d+', 'c+', 'b-']);
    // b no longer holds: handed out again, it gives nothing back twice.
    expect(ring.reuse()?.name).toBe('b');
    ring.add(Object.assign(slot('e', 20), {}));
    expect(read(ring)).toEqual(['e+', 'd+', 'c+']);
  });
});
