/** Links the mock hands out point at the mock itself (its hosted checkout page). */
import type { Config } from '../config.ts';

export function publicBaseUrl(config: Config): string {
  return (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/$/, '');
}

export function checkoutUrl(config: Config, orderId: string): string {
  return `${publicBaseUrl(config)}/checkout/${orderId}`;
}
