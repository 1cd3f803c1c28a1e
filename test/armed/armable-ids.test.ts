/** The SDK's list of armable ids (what `ArmableOutcomeId` is made of) is the one armable.ts decides, in its order. */
import { describe, expect, it } from 'vitest';
import { ARMABLE_OUTCOME_IDS } from '../../src/armed/armable-ids.ts';
import { armableIds } from '../../src/armed/armable.ts';

describe('ARMABLE_OUTCOME_IDS', () => {
  it('equals armableIds(), in the same order', () => {
    expect([...ARMABLE_OUTCOME_IDS]).toEqual([...armableIds()]);
  });
});
