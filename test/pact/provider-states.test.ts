/** The provider-state catalogue: names matched as templates or literal forms, and what only a mock can do. */
import { describe, expect, it } from 'vitest';
import { needsMock, PROVIDER_STATES, resolveState } from '../../src/provider-states/provider-states.ts';

describe('provider-state catalogue', () => {
  it('matches a state by its template, parameters from the pact', () => {
    const resolved = resolveState('a product with originProductId {originProductId} exists', { originProductId: 'SKU-1', price: 99 });
    expect(resolved?.state.name).toBe('a product with originProductId {originProductId} exists');
    expect(resolved?.params).toEqual({ originProductId: 'SKU-1', price: '99' });
  });

  it('matches the literal form, the words in braces becoming parameters', () => {
    expect(resolveState('a product with originProductId SKU-9 exists')?.params).toEqual({ originProductId: 'SKU-9' });
    expect(resolveState('an order with status PAID exists')?.params).toEqual({ status: 'PAID' });
    expect(resolveState('client mock-client is active')?.params).toEqual({ clientId: 'mock-client' });
  });

  it('knows nothing of a state outside the catalogue', () => {
    expect(resolveState('a gift card exists')).toBeUndefined();
    expect(resolveState('a product with originProductId two words exists')).toBeUndefined();
  });

  it('says which states only a mock can be put in', () => {
    const mockOnly = (name: string, params: Record<string, string> = {}) => {
      const resolved = resolveState(name, params);
      if (!resolved) throw new Error(`unknown ${name}`);
      return needsMock(resolved.state, resolved.params);
    };
    expect(mockOnly('the access token is expired')).toBe(true);
    expect(mockOnly('client inactive-client is inactive')).toBe(true);
    expect(mockOnly('the rate limit is exhausted')).toBe(true);
    expect(mockOnly('an order with status PAID exists')).toBe(true);
    expect(mockOnly('an order with status PENDING exists')).toBe(false);
    expect(mockOnly('the access token is revoked')).toBe(false);
    expect(mockOnly('a plan with originPlanId P-1 exists')).toBe(false);
  });

  it('documents every state with its parameters and the values it provides', () => {
    for (const state of PROVIDER_STATES) {
      expect(state.description.length, state.name).toBeGreaterThan(10);
      for (const param of state.name.match(/\{(\w+)\}/g) ?? []) expect(Object.keys(state.params)).toContain(param.slice(1, -1));
    }
  });
});
