/**
 * Token benchmark: npx tsx bench/token-bench.ts [total]   (default 100000)   — or `npm run bench:tokens`
 *
 * Prints figures; asserts nothing. Issues `total` token pairs for one client under revoke-oldest, in process
 * (the tokens flow + in-memory store, no HTTP), and prints the cost per issue of each block of 10 000 as the client's
 * token history grows. Each issue keeps every earlier token (revoked ones must still answer TOKEN_REVOGADO),
 * so a flat cost per block shows that issuing does not scan that history.
 */
import { createClock } from '../src/platform/clock.ts';
import { createClientRegistry } from '../src/clients/client-registry.ts';
import { defaultConfig } from '../src/platform/config.ts';
import type { FlowDeps } from '../src/deps/deps.ts';
import type { Policy } from '../src/domain/policy.ts';
import { createWorlds } from '../src/world/worlds.ts';
import { createSecureRandom } from '../src/platform/random.ts';
import { openStore } from '../src/store/index.ts';
import { tokenFlow } from '../src/tokens/token-flow.ts';
import { TOKEN_POLICY_DEFAULTS } from '../src/tokens/token-policy.ts';

const BLOCK = 10_000;
const total = Number(process.argv[2] ?? 100_000);

const config = defaultConfig({ seedData: 'none' });
const clock = createClock({ frozenAt: new Date('2026-03-02T10:00:00Z') });
const deps: FlowDeps = {
  config,
  clients: createClientRegistry(config.clients),
  random: createSecureRandom(),
  store: await openStore({}),
};
const tokens = tokenFlow(deps);
// The world the caller stage would resolve for mock-client: only its clock matters to issuing.
const world = createWorlds({ clock, scenarios: { forClient: () => ({}) as Policy } }).of('mock-client');

console.log('| tokens stored before the block | issues | µs per issue |');
console.log('|---:|---:|---:|');
for (let done = 0; done < total; done += BLOCK) {
  const stored = deps.store.count('tokens');
  const started = process.hrtime.bigint();
  for (let i = 0; i < BLOCK; i += 1) {
    const issued = tokens.issue(world, { ...TOKEN_POLICY_DEFAULTS, limitPolicy: 'revoke-oldest' }, 'mock-client', 'mock-secret');
    if (!issued.ok) throw new Error(`issue refused: ${issued.reason}`);
  }
  const micros = Number(process.hrtime.bigint() - started) / 1000 / BLOCK;
  console.log(`| ${stored} | ${BLOCK} | ${micros.toFixed(1)} |`);
}
await deps.store.close();
