/**
 * Links the mock hands out point at the mock itself (its hosted checkout page). They are built when a response
 * is written, from the base URL the caller reached, so stored records never carry a host or a port.
 */
export function checkoutUrl(baseUrl: string, orderId: string): string {
  return `${baseUrl}/checkout/${encodeURIComponent(orderId)}`;
}
