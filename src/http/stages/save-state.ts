/**
 * After the request: the state that is not records (clients, endpoints, scenario counters, the clock) is saved
 * when it changed. `wait` makes it durable before the answer (the admin API: its changes are acknowledged);
 * otherwise it is flushed in the background, like a token's `lastUsedAt` (the API: a scenario rule's counter).
 */
import type { ApplyChange } from '../../events/apply-change.ts';
import type { Stage } from '../stage.ts';

/** `save` writes what changed and names it (the meta keys written; none when nothing changed). */
export function saveState(save: () => readonly string[], applyChange: ApplyChange, wait: boolean): Stage {
  return {
    name: 'save-state',
    async run(_request, next) {
      const reply = await next();
      const written = save();
      if (written.length === 0) return reply;
      if (wait) await applyChange({ written });
      else void applyChange({ written }).catch(() => undefined);
      return reply;
    },
  };
}
