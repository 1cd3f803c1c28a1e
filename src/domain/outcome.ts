/**
 * What a flow's state change returns: its result, the records it wrote and the domain events it caused, or
 * an expected failure. The records are already in the store (not yet durable); the events wait for the commit.
 */
import type { DomainEvent } from './events.ts';
import type { Failure } from '../errors/failures.ts';
import type { RecordWrite } from './records.ts';

export interface Done<T> {
  ok: true;
  value: T;
  written: readonly RecordWrite[];
  events: readonly DomainEvent[];
}

export type Outcome<T> = Done<T> | Failure;

export function done<T>(value: T, written: readonly RecordWrite[] = [], events: readonly DomainEvent[] = []): Done<T> {
  return { ok: true, value, written, events };
}
