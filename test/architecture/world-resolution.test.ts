/**
 * A client's world is resolved in one module (src/world/worlds.ts), and only at a boundary: no other module asks the
 * scenario engine for a client's policy or picks a client's clock between its own and the mock's; the flows, the
 * stagers and the observers are handed the world; a flow is given no clock of its own.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { AppDeps, FlowDeps } from '../../src/deps/deps.ts';
import { sourceModules } from '../support/source-modules.ts';

const RESOLUTION = 'world/worlds.ts';

describe('where a client’s world is resolved', () => {
  it('only world/worlds.ts asks for a client’s policy (forClient)', () => {
    const callers = sourceModules()
      .filter(({ module, text }) => module !== RESOLUTION && /\.forClient\(/.test(text))
      .map(({ module }) => module);
    expect(callers).toEqual([]);
  });

  it('no module outside world/ picks a client’s clock as “its own, else the mock’s”', () => {
    const pickers = sourceModules()
      .filter(({ module, text }) => !module.startsWith('world/') && /ownOf\([^)]*\)\s*\?\?/.test(text))
      .map(({ module }) => module);
    expect(pickers).toEqual([]);
  });

  /**
   * The boundaries where a world is resolved, each once for what it starts: the caller stage (given `worlds.of` by
   * server/create-app.ts), the ticker's slice, an admin route, the checkout page, and the webhooks' own attempts,
   * which run outside any request or clock move. Everything past a boundary reads the world it was handed.
   */
  const BOUNDARIES = [/^server\/create-app\.ts$/, /^server\/clock-ticker\.ts$/, /^server\/client-clean-slate\.ts$/, /^admin\//, /^pages\//, /^webhooks\/webhooks\.ts$/];

  it('only the boundaries resolve a world (worlds.of)', () => {
    const resolvers = sourceModules()
      .filter(({ module, text }) => !module.startsWith('world/') && /\bworlds\.of\b/.test(text))
      .map(({ module }) => module);
    expect(resolvers.length).toBeGreaterThan(0);
    expect(resolvers.filter((module) => !BOUNDARIES.some((boundary) => boundary.test(module)))).toEqual([]);
  });

  it('a flow is given no clock: it reads time from the world it is handed', () => {
    expectTypeOf<FlowDeps>().not.toHaveProperty('clock');
    expectTypeOf<AppDeps>().toHaveProperty('clock');
  });

  /**
   * What gives a client's world its own clock, a scenario or a webhook endpoint: only world/activate-world.ts, for every
   * door. An import restores a whole exported state as it was (state/mock-parts.ts, own clocks included), which is no
   * activation; a global scenario (one argument) is no client's.
   */
  it('only world/ gives a client a clock of its own, a scenario or an endpoint', () => {
    const GIVES = /\bclock\.own\(|\.activate\([^,)]+,[^)]+\)|\.setEndpoint\((?![^,]+,\s*null\))/;
    const RESTORES = ['state/mock-parts.ts'];
    const givers = sourceModules()
      .filter(({ module, text }) => !module.startsWith('world/') && !RESTORES.includes(module))
      .filter(({ text }) => text.split('\n').some((line) => !/^\s*(\*|\/\/)/.test(line) && GIVES.test(line)))
      .map(({ module }) => module);
    expect(givers).toEqual([]);
    const sample = ['parts.clock.own(clientId);', "scenarios.activate('payers', clientId);", 'webhooks.setEndpoint(clientId, endpoint);'];
    for (const line of sample) expect(GIVES.test(line), line).toBe(true);
    for (const line of ["scenarios.activate('payers')", 'webhooks.setEndpoint(clientId, null);', 'clock.ownOf(clientId)']) expect(GIVES.test(line), line).toBe(false);
  });
});
