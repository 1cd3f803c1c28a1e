/** Money in integer centavos: decimals in, exact sums, decimals out. */
import { describe, expect, it } from 'vitest';
import { fromCentavos, sumCentavos, timesQuantity, toCentavos, type Centavos } from '../../src/domain/money.ts';

const c = (value: number) => value as Centavos;

describe('money in centavos', () => {
  it('converts decimals with at most 2 places to whole centavos, rounding float noise away', () => {
    expect(toCentavos(19.99)).toBe(1999); // 19.99 * 100 = 1998.9999999999998 in binary floating point
    expect(toCentavos(0.1)).toBe(10);
    expect(toCentavos(1_000_000_000)).toBe(100_000_000_000);
    expect(toCentavos(0)).toBe(0);
  });

  it('sums exactly where floats do not: 3 × 0.10 + 0.20 is 0.5, 0.1 + 0.2 is 0.3', () => {
    expect(fromCentavos(sumCentavos([timesQuantity(toCentavos(0.1), 3), toCentavos(0.2)]))).toBe(0.5);
    expect(fromCentavos(sumCentavos([toCentavos(0.1), toCentavos(0.2)]))).toBe(0.3);
    expect(0.1 + 0.2).not.toBe(0.3);
  });

  it('sums an empty list to zero and multiplies by a quantity', () => {
    expect(sumCentavos([])).toBe(0);
    expect(timesQuantity(c(18050), 2)).toBe(36100);
  });

  it('converts back to decimals', () => {
    expect(fromCentavos(c(51100))).toBe(511);
    expect(fromCentavos(c(1))).toBe(0.01);
  });
});
