/** How a rule states its evidence: the requests' ids (at most 50), when the first and last were, its numbers. */
import type { RequestJournalEntry } from '../state/request-journal.ts';
import type { FindingEvidence } from './audit-types.ts';

/** The most ids a finding lists; its numbers still count them all. */
export const MAX_IDS = 50;

export const timeOf = (entry: Pick<RequestJournalEntry, 'receivedAt'>) => Date.parse(entry.receivedAt);

/**
 * How far a client's clock may read two arrivals apart from what the client waited: an arrival is read on the
 * client's clock once the request's client is known, which on a loaded machine is a good part of a second after it
 * came. A wait judged against a threshold is given this much.
 */
export const CLOCK_SLACK_MS = 250;

/**
 * Seconds from one entry to a later one, never below 0: an arrival is read on the client's clock once its client is
 * known, so two requests a frozen clock sees at one instant may read a few milliseconds apart either way.
 */
export const secondsBetween = (earlier: Pick<RequestJournalEntry, 'receivedAt'>, later: Pick<RequestJournalEntry, 'receivedAt'>) =>
  Math.max(0, timeOf(later) - timeOf(earlier)) / 1000;

export function requestEvidence(entries: readonly RequestJournalEntry[], numbers: Record<string, number>, more: Partial<FindingEvidence> = {}): FindingEvidence {
  const first = entries[0];
  const last = entries[entries.length - 1];
  return {
    requestIds: unique(entries.map((entry) => entry.id)),
    ...more,
    ...(first && { from: first.receivedAt }),
    ...(last && { to: last.receivedAt }),
    numbers,
  };
}

export function unique(ids: readonly string[]): string[] {
  return [...new Set(ids)].slice(0, MAX_IDS);
}

/** `3 s`, `0.25 s`, `2 min`: a duration as a verdict says it. */
export function spoken(seconds: number): string {
  if (seconds >= 120) return `${Math.round(seconds / 60)} min`;
  return `${Number(seconds.toFixed(seconds < 1 ? 2 : seconds < 10 ? 1 : 0))} s`;
}

export const plural = (count: number, word: string, words = `${word}s`) => `${count} ${count === 1 ? word : words}`;

/** The entries answered with a 2xx. */
export const answered = (entry: RequestJournalEntry) => entry.status >= 200 && entry.status < 300;

/** Fates of an answer the client never read (docs/network-failures.md): nothing it says reached the client. */
const UNREAD: ReadonlySet<string> = new Set(['reply_lost', 'reset', 'held_then_dropped', 'closed_while_held', 'closed_while_trickled']);

/** Whether the client read the answer. */
export const reachedClient = (entry: RequestJournalEntry) => entry.status !== 0 && (entry.network === undefined || !UNREAD.has(entry.network));

/** A token the client took: an issue or a refresh it read. */
export const TOKEN_TAKING: ReadonlySet<string> = new Set(['issueToken', 'refreshToken']);
export const tookToken = (entry: RequestJournalEntry) => entry.operationId !== undefined && TOKEN_TAKING.has(entry.operationId) && entry.status === 200 && reachedClient(entry);

/** The gateway's refusals of a dead token (src/errors/api-errors.ts). */
export const DEAD_TOKEN_ERRORS: ReadonlySet<string> = new Set(['TOKEN_EXPIRADO', 'TOKEN_REVOGADO']);
export const refusedDeadToken = (entry: RequestJournalEntry) => entry.status === 401 && entry.error !== undefined && DEAD_TOKEN_ERRORS.has(entry.error);
