/**
 * `--record DIR`: what the proxy saw, written when it stops as `DIR/proxy-recording.pact.json` (pact-recording.ts)
 * and `DIR/state.json` (seed-recording.ts), each secret redacted.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Judged } from './departures.ts';
import type { Exchange } from './exchange.ts';
import { pactDocument, pactInteraction } from './pact-recording.ts';
import { createSeedRecording } from './seed-recording.ts';

export const PACT_FILE = 'proxy-recording.pact.json';
export const STATE_FILE = 'state.json';

export interface Recording {
  saw(exchange: Exchange, judged: Judged): void;
  /** Writes both files; `exported` and `clientId` are the base of the state file (seed-recording.ts). */
  write(exported: Record<string, unknown>, clientId: string): string[];
}

export function createRecording(dir: string): Recording {
  const interactions: Record<string, unknown>[] = [];
  const leftOut = new Map<string, number>();
  const seed = createSeedRecording();
  let exchanges = 0;
  return {
    saw(exchange, judged) {
      exchanges += 1;
      if (exchange.status < 400) seed.saw(exchange.body);
      const recorded = pactInteraction(exchange, judged.operation, judged.operationId, exchanges);
      if (recorded.ok) interactions.push(recorded.interaction);
      else leftOut.set(recorded.why, (leftOut.get(recorded.why) ?? 0) + 1);
    },
    write(exported, clientId) {
      mkdirSync(dir, { recursive: true });
      const pactPath = join(dir, PACT_FILE);
      const statePath = join(dir, STATE_FILE);
      writeFileSync(pactPath, `${JSON.stringify(pactDocument(interactions), null, 2)}\n`);
      writeFileSync(statePath, `${JSON.stringify(seed.asState(exported, clientId), null, 2)}\n`);
      const counts = Object.entries(seed.counts()).map(([collection, count]) => `${count} ${collection}`);
      return [
        `${interactions.length} interactions written to ${pactPath}${[...leftOut].map(([why, count]) => `; ${count} left out (${why})`).join('')}`,
        `${counts.length > 0 ? counts.join(', ') : 'no records'} written to ${statePath} (load it with PUT /__admin/state)`,
      ];
    },
  };
}
