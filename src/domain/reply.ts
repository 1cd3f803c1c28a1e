/**
 * What a handler returns: a plain value, never an express call. Success carries the body as the client will
 * see it, and the records and domain events of the change it reports (made durable, then published); a `Failure`
 * (see failures.ts) is rendered into the error body by the reply writer.
 */
import type { DomainEvent } from './events.ts';
import type { Failure } from '../errors/failures.ts';
import type { Done } from './outcome.ts';
import type { RecordWrite } from './records.ts';

export interface Success {
  ok: true;
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** The records the change wrote: the reply waits until they are durable. */
  written?: readonly RecordWrite[];
  events?: readonly DomainEvent[];
}

export type Reply = Success | Failure;

export interface Pagination {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
}

export function okData(data: unknown, status = 200): Success {
  return { ok: true, status, body: { data } };
}

export function created(data: unknown): Success {
  return okData(data, 201);
}

export function okPage(data: unknown[], pagination: Pagination): Success {
  return { ok: true, status: 200, body: { data, pagination } };
}

/** A flow's outcome as a reply: its failure as is, or `render(value)` carrying the change's writes and events. */
export function replyOf<T>(outcome: Done<T> | Failure, render: (value: T) => Success): Reply {
  if (!outcome.ok) return outcome;
  const success = render(outcome.value);
  if (outcome.written.length === 0 && outcome.events.length === 0) return success;
  return { ...success, written: outcome.written, events: outcome.events };
}
