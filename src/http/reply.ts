/**
 * What a handler returns: a plain value, never an express call. Success carries the body as the client will
 * see it; a `Failure` (see errors.ts) is rendered into the error body by the reply writer.
 */
import type { Failure } from './errors.ts';

export interface Success {
  ok: true;
  status: number;
  body: unknown;
  headers?: Record<string, string>;
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
