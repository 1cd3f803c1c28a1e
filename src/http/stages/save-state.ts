/**
 * After the request: the state that is not records (clients, endpoints, scenario counters, the clock) is saved
 * when it changed. `wait` makes it durable before the answer (the admin API: its changes are acknowledged);
 * otherwise it is flushed in the background, like a token's `lastUsedAt` (the API: a scenario rule's counter).
 */
import type { ApplyChange } from '../../store/apply-change.ts';
import { whenAnswered, type RequestState, type Stage } from '../stage.ts';

/**
 * `save` writes what changed and names it (the meta keys written; none when nothing changed). `mayChange` tells
 * whether the request could have changed that state at all; when not, `save` (which serialises every part to
 * compare it) is skipped.
 */
export function saveState(
  save: () => readonly string[],
  applyChange: ApplyChange,
  wait: boolean,
  mayChange: (request: RequestState) => boolean = () => true,
): Stage {
  return {
    name: 'save-state',
    run(request, next) {
      return whenAnswered(next(request), (reply) => {
        if (!mayChange(request)) return reply;
        const written = save();
        if (written.length === 0) return reply;
        if (wait) return applyChange({ written }).then(() => reply);
        void applyChange({ written }).catch(() => undefined);
        return reply;
      });
    },
  };
}

/**
 * A `mayChange` that saves after a list's first request (which saves the state as it started, as every request
 * once did), then only when `when` holds for the request.
 */
export function afterFirstOnlyWhen(when: (request: RequestState) => boolean): (request: RequestState) => boolean {
  let first = true;
  return (request) => {
    const save = first || when(request);
    first = false;
    return save;
  };
}
