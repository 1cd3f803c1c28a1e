/**
 * The consumer: a merchant's integration as public integrations of the service are written. It reads the token
 * at `data.access_token`, the new order's id at the top level or in `data`, `checkout` at the top level, and
 * from the status answer one status and one order id in every nested record. An error is read as
 * `error` / `message` / `requestId`.
 */
import { request } from 'node:http';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly requestId: string,
    readonly headers: Headers,
  ) {
    super(`${status} ${code}`);
  }
}

type Json = Record<string, unknown>;

export interface OrderStatusSeen {
  orderId: string;
  status: string;
  amount: number;
  currency: string;
}

export class MerchantApp {
  constructor(
    private readonly baseUrl: string,
    private token?: string,
  ) {}

  async authenticate(clientId: string, clientSecret: string): Promise<{ accessToken: string; expiresIn: number }> {
    const body = await this.send('POST', '/v1/auth/token', { client_id: clientId, client_secret: clientSecret, grant_type: 'client_credentials' });
    const data = body['data'] as Json;
    this.token = String(data['access_token']);
    return { accessToken: this.token, expiresIn: Number(data['expires_in']) };
  }

  async refresh(refreshToken: string): Promise<string> {
    const body = await this.send('POST', '/v1/auth/token/refresh', { refresh_token: refreshToken });
    this.token = String((body['data'] as Json)['access_token']);
    return this.token;
  }

  async revoke(token: string): Promise<boolean> {
    const body = await this.send('POST', '/v1/auth/token/revoke', { token });
    return (body['data'] as Json)['revoked'] === true;
  }

  async data(method: string, path: string, payload?: unknown): Promise<Json> {
    return (await this.send(method, path, payload))['data'] as Json;
  }

  async list(path: string): Promise<Json[]> {
    return (await this.send('GET', path))['data'] as Json[];
  }

  async placeOrder(order: unknown): Promise<{ orderId: string; checkout: string }> {
    const body = await this.send('POST', '/v1/orders', order);
    const data = body['data'] as Json;
    return { orderId: String(body['orderId'] ?? data['orderId']), checkout: String(body['checkout']) };
  }

  /** A status poll; a status answer whose nested records disagree is an error for the integration. */
  async orderStatus(orderId: string): Promise<OrderStatusSeen> {
    const data = (await this.send('GET', `/v1/orders/${encodeURIComponent(orderId)}/status`))['data'] as Json;
    const order = data['order'] as Json;
    const payment = data['payment'] as Json | undefined;
    const ids = [data['orderId'], order['id'], order['orderId'], ...(payment ? [payment['orderId']] : [])];
    if (ids.some((seen) => seen !== orderId)) throw new Error(`status answer names other orders: ${ids.join(', ')}`);
    if (data['status'] !== order['status']) throw new Error(`status ${String(data['status'])} but order.status ${String(order['status'])}`);
    if (data['currency'] !== 'MZN') throw new Error(`amount in ${String(data['currency'])}`);
    return { orderId, status: String(data['status']), amount: Number(data['amount']), currency: String(data['currency']) };
  }

  private async send(method: string, path: string, payload?: unknown): Promise<Json> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (this.token) headers['Authorization'] = `Bearer ${this.token}`;
    if (payload !== undefined) headers['Content-Type'] = 'application/json';
    const response = await exchange(`${this.baseUrl}${path}`, method, headers, payload === undefined ? undefined : JSON.stringify(payload));
    const body = JSON.parse(response.text) as Json;
    if (response.status >= 400) throw new ApiError(response.status, String(body['error']), String(body['requestId']), response.headers);
    return body;
  }
}

/**
 * One request on its own connection: each interaction has a new Pact mock server, often on a port an earlier
 * one used, and a kept-alive socket to the closed one would fail the request before it is sent.
 */
function exchange(url: string, method: string, headers: Record<string, string>, body: string | undefined): Promise<{ status: number; headers: Headers; text: string }> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { method, headers, agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        const answered = new Headers();
        for (const [name, value] of Object.entries(response.headers)) if (typeof value === 'string') answered.set(name, value);
        resolve({ status: response.statusCode ?? 0, headers: answered, text });
      });
    });
    sent.on('error', reject);
    sent.end(body);
  });
}
