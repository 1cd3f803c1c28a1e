/**
 * A client's world is resolved once per request, at the boundary (the caller stage), and carried: the webhooks'
 * stager, the coverage recorder and the handlers read the request's world, they do not resolve it again. Counted
 * with a spy on the clock's `ownOf`, the one look-up a resolution makes (world/worlds.ts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MockClock } from '../../src/platform/clock.ts';
import { bearer, tokenFor } from '../support/test-app.ts';
import { placeAnOrder, appSendingTo } from '../support/webhook-support.ts';
import { receiversClosedAfterEach } from '../support/webhook-receiver.ts';

const receiver = receiversClosedAfterEach();

afterEach(() => vi.restoreAllMocks());

describe('one world per request', () => {
  it.each([
    ['with a webhook endpoint', true],
    ['without one', false],
  ])('POST /v1/orders resolves its client’s world once, %s', async (_name, withEndpoint) => {
    const hooks = withEndpoint ? await receiver() : undefined;
    const t = await appSendingTo(hooks?.url);
    const token = await tokenFor(t);
    const resolutions = vi.spyOn(t.clock as MockClock, 'ownOf');
    await placeAnOrder(t, token);
    expect(resolutions).toHaveBeenCalledTimes(1);
    resolutions.mockClear();
    await t.http.get('/v1/orders?limit=1').set(bearer(token)).expect(200);
    expect(resolutions).toHaveBeenCalledTimes(1);
    await t.core.webhooks.idle();
  });
});
