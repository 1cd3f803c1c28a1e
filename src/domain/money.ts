/**
 * Money in integer centavos (docs/assumptions.md): amounts arrive as decimals with at most two places,
 * are summed as integers and leave as decimals again, so 3 × 0.10 + 0.20 is exactly 0.5.
 */
export type Centavos = number & { readonly __brand: 'centavos' };

export function toCentavos(amount: number): Centavos {
  return Math.round(amount * 100) as Centavos;
}

export function fromCentavos(centavos: Centavos): number {
  return centavos / 100;
}

export function sumCentavos(values: readonly Centavos[]): Centavos {
  return values.reduce((total, value) => total + value, 0) as Centavos;
}

export function timesQuantity(price: Centavos, quantity: number): Centavos {
  return (price * quantity) as Centavos;
}

/** `1234.5` → `1 234,50 MZN` (non-breaking spaces), from integer centavos so no float shows through. */
export function formatMzn(amount: number): string {
  const centavos = toCentavos(amount);
  const whole = String(Math.trunc(centavos / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  return `${whole},${String(centavos % 100).padStart(2, '0')}\u00a0MZN`;
}
