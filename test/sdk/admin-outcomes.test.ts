/**
 * `mock.admin.outcomes` against a started mock: arm for the default client or a named one, list, disarm one and
 * all; an outcome only the integration causes is refused with a 422 AdminError, and nothing is armed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { AdminError, type Mock } from '../../src/index.ts';
import { startCheckedMock } from '../support/mock-helpers.ts';

let mock: Mock | undefined;
afterEach(async () => mock?.stop());

describe('mock.admin.outcomes', () => {
  it('arms for the mock’s default client unless told another, lists and disarms', async () => {
    mock = await startCheckedMock({ clients: [{ clientId: 'shop-one', clientSecret: 'shop-one-secret' }, { clientId: 'shop-two', clientSecret: 'shop-two-secret' }] });
    const { outcomes } = mock.admin;
    const armed = await outcomes.arm('payer.INSUFFICIENT_BALANCE', { times: 2 });
    expect(armed).toMatchObject({ clientId: 'shop-one', outcome: 'payer.INSUFFICIENT_BALANCE', times: 2, remaining: 2, fired: 0, meets: 'order' });
    const other = await outcomes.arm('server.503', { clientId: 'shop-two', operation: 'createOrder' });
    expect(other).toMatchObject({ clientId: 'shop-two', meets: 'request', operation: 'createOrder' });
    expect((await outcomes.armed()).map((one) => one.id)).toEqual([armed.id]);
    expect((await outcomes.armed('shop-two')).map((one) => one.outcome)).toEqual(['server.503']);

    expect(await outcomes.disarm(undefined, armed.id)).toMatchObject({ id: armed.id, outcome: 'payer.INSUFFICIENT_BALANCE' });
    expect(await outcomes.armed()).toEqual([]);
    expect(await outcomes.disarm('shop-two')).toBe(1);
    expect(await outcomes.armed('shop-two')).toEqual([]);
  });

  it('refuses an outcome only the integration causes with a 422 naming what it must do, and arms nothing', async () => {
    mock = await startCheckedMock();
    // The compiler refuses an id that is not armable (the check's own typecheck holds it); at run time the mock does.
    // @ts-expect-error: not an ArmableOutcomeId
    const refused = await mock.admin.outcomes.arm('orders.create.400.invalid_request').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AdminError);
    expect(refused).toMatchObject({ status: 422, code: 'resultado_nao_armavel' });
    expect(await mock.admin.outcomes.armed()).toEqual([]);
  });
});
