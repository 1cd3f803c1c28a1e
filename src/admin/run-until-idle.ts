/**
 * Advance until idle: the clock moves to the next instant something is due for the clients that run on it (an
 * order's time step or a payer's prompt expiring, a subscription's charge, renewal or retry, a webhook retry), what
 * is due is made and its deliveries attempted, and again, until nothing is due within the bound. Tests stop guessing
 * how far to advance.
 */
import type { DomainEvent } from '../domain/events.ts';
import type { components } from '../generated/admin-types.gen.ts';
import type { Clock } from '../platform/clock.ts';
import { TIME_DRIVEN_WORK } from '../world/time-driven-work.ts';
import type { AdminContext } from './admin-context.ts';

/** A run makes at most this many moves: a progression that keeps coming due cannot hold the admin API forever. */
export const MAX_MOVES = 1000;

/** What a run made, as the admin document's `RunUntilIdle` states it. */
export type IdleRun = components['schemas']['RunUntilIdle'];

const TRANSITIONS: ReadonlySet<string> = new Set(['order.paid', 'order.failed', 'order.cancelled', 'subscription.activated', 'subscription.past_due', 'subscription.cancelled']);

/** The earliest instant anything of these clients comes due on their clock, due or not yet. */
export function nextDueAt(admin: AdminContext, clientIds: readonly string[]): number | undefined {
  let earliest: number | undefined;
  const consider = (atMs: number | undefined) => {
    if (atMs !== undefined && (earliest === undefined || atMs < earliest)) earliest = atMs;
  };
  for (const clientId of clientIds) {
    const world = admin.worlds.of(clientId);
    for (const work of TIME_DRIVEN_WORK) consider(work.nextDueAt(admin.flows, world));
  }
  const ids = new Set(clientIds);
  for (const delivery of admin.webhooks.deliveries()) {
    if (ids.has(delivery.clientId) && delivery.status === 'pending' && delivery.nextAttemptAt !== null) consider(Date.parse(delivery.nextAttemptAt));
  }
  return earliest;
}

export async function runUntilIdle(admin: AdminContext, clock: Clock, clientIds: readonly string[], maxSeconds: number): Promise<IdleRun> {
  const ids = new Set(clientIds);
  const counted = { transitions: 0, payments: 0 };
  const count = (event: DomainEvent) => {
    if (!ids.has(event.clientId)) return;
    if (TRANSITIONS.has(event.type)) counted.transitions += 1;
    else if (event.type.startsWith('payment.')) counted.payments += 1;
  };
  const attempts = () => admin.webhooks.deliveries().reduce((sum, delivery) => sum + (ids.has(delivery.clientId) ? delivery.attempts.length : 0), 0);
  const attemptsBefore = attempts();
  const boundMs = clock.nowMs() + maxSeconds * 1000;
  const unsubscribe = admin.events.subscribe(count);
  let moves = 0;
  let due = nextDueAt(admin, clientIds);
  try {
    while (due !== undefined && due <= boundMs && moves < MAX_MOVES) {
      if (due > clock.nowMs()) clock.set(new Date(due));
      moves += 1;
      await admin.apply({ written: admin.state.persist() });
      await admin.tick();
      await admin.webhooks.idle();
      const next = nextDueAt(admin, clientIds);
      // Something due now that the tick did not make (it waits on another client, say): stop rather than spin.
      if (next !== undefined && next <= clock.nowMs() && next === due) break;
      due = next;
    }
  } finally {
    unsubscribe();
  }
  return {
    now: clock.now().toISOString(),
    moves,
    ...counted,
    deliveries: attempts() - attemptsBefore,
    idle: due === undefined || due > boundMs,
    ...(due !== undefined && due > clock.nowMs() ? { nextDueAt: new Date(due).toISOString() } : {}),
  };
}
