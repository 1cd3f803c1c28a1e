/**
 * The integration a reviewer would send back: what `commerce-mock audit` is for (docs/audit.md). Each habit below is a
 * finding of the audit, with the requests that show it:
 *
 * - a new token for every call (`token.churn`);
 * - a 5xx on placing the order is retried at once, without reading `Retry-After` (`retry.ignores-retry-after`) and
 *   without looking up whether the order was made (`order.duplicate`);
 * - the status is read in a tight loop (`poll.tight`) a fixed number of times, on past the final status
 *   (`poll.after-final`).
 *
 * Do not copy it: ./careful-client.mjs is the same purchase done well.
 */
export async function runNaiveClient({ baseUrl, clientId, clientSecret, cart, polls = 6 }) {
  const token = async () => {
    const response = await fetch(`${baseUrl}/v1/auth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_id: clientId, client_secret: clientSecret }),
    });
    return (await response.json()).data.access_token;
  };
  const call = async (method, path, body) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { Authorization: `Bearer ${await token()}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: await response.json() };
  };
  let placed = await call('POST', '/v1/orders', cart);
  for (let attempt = 0; placed.status >= 500 && attempt < 3; attempt += 1) placed = await call('POST', '/v1/orders', cart);
  const orderId = placed.body.data.id;
  let status;
  for (let poll = 0; poll < polls; poll += 1) status = (await call('GET', `/v1/orders/${orderId}/status`)).body.data.status;
  return { orderId, status };
}
