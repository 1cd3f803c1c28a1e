/**
 * A small, well-behaved integration of the Commerce & Subscription API: the one `commerce-mock audit` finds nothing
 * to say about, even under the `flaky-network` scenario (docs/audit.md). It places one order and follows it to its end:
 *
 * - the token is cached until shortly before it expires, and taken again only then or after a 401;
 * - a 429 or 503 is retried after its `Retry-After`, never sooner;
 * - an order whose answer did not arrive (a 5xx, a dropped connection) is looked up before it is placed again;
 * - the status is polled with a growing wait (1 s, 2 s, 4 s… up to 30 s) that stops at the first final status, or
 *   gives up after a deadline.
 *
 * `sleep(ms)` is how it waits: real time by default; a test hands it one that moves the mock's clock instead.
 */
const FINAL = new Set(['PAID', 'FAILED', 'CANCELLED']);
/** A request that keeps failing is given up after this many tries: the caller decides what the sale does then. */
const MAX_ATTEMPTS = 8;
const realSleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One purchase: place `cart` and follow the order to its end. */
export async function runCarefulClient({ cart, ...options }) {
  return carefulClient(options).purchase(cart);
}

/** A client of the API whose purchases share one token cache (as the workers of one process would). */
export function carefulClient({ baseUrl, clientId, clientSecret, sleep = realSleep, deadlineSeconds = 240 }) {
  let token;
  let tokenUntil = 0;
  let waited = 0;
  const wait = async (seconds) => {
    waited += seconds;
    await sleep(seconds * 1000);
  };

  /** One HTTP exchange; a connection that failed is `{ status: 0 }`, an answer we did not get. */
  async function send(method, path, { body, bearer } = {}) {
    try {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const text = await response.text();
      return { status: response.status, retryAfter: Number(response.headers.get('retry-after') ?? 1), body: text ? JSON.parse(text) : undefined };
    } catch {
      return { status: 0, retryAfter: 1 };
    }
  }

  /** Waits out a refusal that says when to come back, or a connection that failed (then 1 s, growing). */
  async function retried(attempt, isFinalAnswer) {
    let pause = 1;
    for (let tries = 1; ; tries += 1) {
      const answer = await attempt();
      if (isFinalAnswer(answer) || tries === MAX_ATTEMPTS) return answer;
      await wait(answer.status === 429 || answer.status === 503 ? answer.retryAfter : pause);
      pause = Math.min(pause * 2, 30);
    }
  }
  const settled = (answer) => answer.status !== 0 && answer.status !== 429 && answer.status < 500;

  async function accessToken() {
    if (token && waited < tokenUntil) return token;
    const answer = await retried(() => send('POST', '/v1/auth/token', { body: { client_id: clientId, client_secret: clientSecret } }), settled);
    if (answer.status !== 200) throw new Error(`no token: ${answer.status} ${answer.body?.error}`);
    token = answer.body.data.access_token;
    // A minute of margin before it expires.
    tokenUntil = waited + answer.body.data.expires_in - 60;
    return token;
  }

  /** An API call with the cached token: a 401 drops it and the call is made once more with a new one. */
  async function api(method, path, body) {
    for (let attempt = 0; ; attempt += 1) {
      const answer = await retried(async () => send(method, path, { body, bearer: await accessToken() }), settled);
      if (answer.status !== 401 || attempt === 1) return answer;
      token = undefined;
    }
  }

  /** The order of this cart an earlier attempt made, if it made one: the newest with the same items. */
  const sameItems = (cart) => (order) =>
    order.items.length === cart.items.length && cart.items.every((item, index) => order.items[index]?.name === item.name && order.items[index]?.quantity === item.quantity);
  async function lookUp(cart) {
    const list = await api('GET', '/v1/orders?limit=100');
    return list.status === 200 ? list.body.data.find(sameItems(cart)) : undefined;
  }

  async function placeOnce(cart) {
    for (let tries = 1; tries <= MAX_ATTEMPTS; tries += 1) {
      const answer = await send('POST', '/v1/orders', { body: cart, bearer: await accessToken() });
      if (answer.status === 201) return answer.body.data;
      if (answer.status === 401) token = undefined;
      else if (answer.status !== 0 && answer.status !== 429 && answer.status < 500) throw new Error(`order refused: ${answer.status} ${answer.body?.error}`);
      // The order may exist: wait as told, then look before placing the cart again.
      await wait(answer.status === 429 || answer.status === 503 ? answer.retryAfter : 1);
      const made = answer.status === 401 || answer.status === 429 ? undefined : await lookUp(cart);
      if (made) return made;
    }
    throw new Error(`the order could not be placed in ${MAX_ATTEMPTS} tries`);
  }

  return {
    async purchase(cart) {
      const order = await placeOnce(cart);
      let pause = 1;
      const startedAt = waited;
      for (;;) {
        await wait(pause);
        const answer = await api('GET', `/v1/orders/${order.id}/status`);
        if (answer.status === 200 && FINAL.has(answer.body.data.status)) return { orderId: order.id, status: answer.body.data.status };
        if (waited - startedAt > deadlineSeconds) return { orderId: order.id, status: 'PENDING' };
        pause = Math.min(pause * 2, 30);
      }
    },
  };
}
