/**
 * What `commerce-mock faults` prints of a profile's other legs: each leg a stage states, after its API leg, and what
 * the profile did to delivery attempts and checkout pages once it did anything there.
 */
import { describe, expect, it } from 'vitest';
import { listedLines, stageWords } from '../../src/cli/faults-lines.ts';
import type { AdminSchemas } from '../../src/sdk/admin-client.ts';

const TARGET = { clientId: 'shop', mockUrl: 'http://127.0.0.1:4010' };

describe('the faults lines of the other legs', () => {
  it('a stage names its webhooks and checkout legs after its API leg, and says nothing of a leg it does not state', () => {
    expect(stageWords({ name: 'one', api: { loss: 0.05 } })).toBe('reset 5%');
    expect(stageWords({ name: 'one', api: {}, webhooks: { resetMidBody: 1 }, checkout: { slow: 0.1, unavailable: 0.25 } })).toBe(
      'answered as usual; webhooks: reset mid-body 100%; checkout: slow 10%, 503 25%',
    );
    expect(stageWords({ name: 'one', api: {}, webhooks: {} })).toBe('answered as usual; webhooks: as usual');
  });

  it('the applied summary counts delivery attempts and checkout pages once the profile did something there', () => {
    const stage = { name: 'one', api: {}, checkout: { unavailable: 1 } };
    const applied: AdminSchemas['AppliedNetworkProfile'] = {
      clientId: 'shop',
      profile: 'inline',
      source: 'inline',
      seed: 1,
      appliedAt: '2026-01-01T00:00:00.000Z',
      stage: { name: 'one', index: 0, startedAt: '2026-01-01T00:00:00.000Z' },
      stages: [stage],
      requests: 2,
      faults: { reset: 0, replyLost: 0, timeout: 0, slowBody: 0, delayed: 0, connectDelay: 1, resetMidBody: 0, checkoutSlow: 0, checkoutUnavailable: 3 },
    };
    const definition = { name: 'inline', source: 'inline', stages: [stage] };
    expect(listedLines([definition], applied, TARGET).at(-1)).toBe(
      'applied to shop: inline, stage one (1 of 1), seed 1; 2 requests met: 0 reset, 0 reply lost, 0 timeout, 0 slow body, 0 delayed; webhook attempts: 1 connect delay, 0 reset mid-body; checkout pages: 0 slow, 3 503',
    );
  });
});
