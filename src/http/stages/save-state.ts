/**
 * After the request: the state that is not records (clients, endpoints, scenario counters, the clock) is saved
 * when it changed. `wait` makes it durable before the answer (the admin API: its changes are acknowledged);
 * otherwise it is flushed in the background, like a token's `lastUsedAt` (the API: a scenario rule's counter).
 */
import type { Stage } from '../stage.ts';

export function saveState(save: () => boolean, makeDurable: () => Promise<void>, wait: boolean): Stage {
  return {
    name: 'save-state',
    async run(_request, next) {
      const reply = await next();
      if (!save()) return reply;
      if (wait) await makeDurable();
      else void makeDurable().catch(() => undefined);
      return reply;
    },
  };
}
