/** A status change as a story tells it: from, to, and why. */
import type { MoveTrigger } from '../domain/events.ts';
import type { StoryCause, StoryEntry } from './story-entry.ts';

export function statusEntry(at: string, from: string, status: string, cause: StoryCause | MoveTrigger | undefined): StoryEntry {
  return {
    at,
    kind: 'status_change',
    summary: `${from} → ${status}${cause ? `: ${causeText(cause)}${armedText(cause)}` : ''}`,
    status,
    from,
    ...(cause && { cause }),
  };
}

export function causeText(cause: StoryCause): string {
  switch (cause.by) {
    case 'poll':
      return cause.polls === undefined ? "a status poll made the progression's step due" : `status poll ${cause.polls} made the progression's step due`;
    case 'progression':
      return `the progression's step came due, ${cause.afterSeconds ?? 0} s after the order was placed`;
    case 'scenario':
      return 'a scenario rule moved it';
    case 'admin':
      return 'moved by the admin API';
    case 'checkout':
      return 'a button of the checkout page';
    case 'payer':
      return cause.answer === 'cancel' ? 'the payer cancelled on the phone' : 'the payer typed a PIN on the phone';
    case 'wallet':
      return "the payer's wallet refused the checkout page's push";
    case 'billing':
      return 'a charge ended';
  }
}

/** An armed outcome that made the move, as the summary names it. */
function armedText(cause: StoryCause | MoveTrigger): string {
  return 'armed' in cause && typeof cause.armed === 'string' ? ` (armed outcome ${cause.armed} fired)` : '';
}
