/** Order pricing: line totals, subtotal, shipping and amount, summed in centavos; refused past exact integers. */
import { describe, expect, it } from 'vitest';
import { isWithinAmountCap, priceOrder } from '../../src/orders/pricing.ts';

const line = (price: number, quantity: number) => ({ productId: 'prod_1', name: 'Caju', price, quantity });

describe('order pricing', () => {
  it('prices each line and adds shipping: 2 × 180.50 + 1 × 0.10 + 150 shipping = 511.10', () => {
    const totals = priceOrder([line(180.5, 2), line(0.1, 1)], 150);
    expect(totals.items.map((item) => item.total)).toEqual([361, 0.1]);
    expect(totals).toMatchObject({ subtotal: 361.1, shippingCost: 150, amount: 511.1 });
  });

  it('sums tenths exactly: 3 × 0.10 + 0.20 shipping is 0.50', () => {
    expect(priceOrder([line(0.1, 3)], 0.2)).toMatchObject({ subtotal: 0.3, shippingCost: 0.2, amount: 0.5 });
  });

  it('takes no shipping as 0', () => {
    expect(priceOrder([line(350, 1)])).toMatchObject({ subtotal: 350, shippingCost: 0, amount: 350 });
  });

  it('keeps each line\'s product, name, price and quantity', () => {
    expect(priceOrder([line(12.5, 4)]).items).toEqual([{ productId: 'prod_1', name: 'Caju', price: 12.5, quantity: 4, total: 50 }]);
  });

  it('accepts an amount up to 1 000 000 000 MZN, shipping included, and refuses one centavo more', () => {
    expect(isWithinAmountCap([line(500_000_000, 2)])).toBe(true);
    expect(isWithinAmountCap([line(999_999_999.99, 1)], 0.01)).toBe(true);
    expect(isWithinAmountCap([line(999_999_999.99, 1)], 0.02)).toBe(false);
    expect(isWithinAmountCap([line(1_000_000_000, 90_072)])).toBe(false); // past 2^53 centavos too
  });
});
