/**
 * A client's world is resolved in one module (src/world/worlds.ts): no other module asks the scenario engine for a
 * client's policy or picks a client's clock between its own and the mock's; the flows are handed the world.
 */
import { describe, expect, it } from 'vitest';
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
});
