/**
 * The audit's tests: a tenant of a checked mock (every answer validated against its document) on a frozen clock of
 * its own, whose client waits by moving that clock, so a careful client's backoff shows in the journal with no real
 * wait; the reference clients of examples/audit/, loaded as a user would run them.
 */
import type { Mock } from '../../src/sdk/start-mock.ts';
import type { NewTenant } from '../../src/sdk/admin-client.ts';

export const AUDIT_START = '2026-03-02T10:00:00.000Z';

export const AUDIT_CART = {
  customer: { name: 'Ana Machava', phone: '+258 84 000 0000' },
  items: [{ name: 'Capulana', price: 350, quantity: 2 }],
};

export type AuditTenant = Awaited<ReturnType<typeof auditTenant>>;

export async function auditTenant(mock: Mock, options: NewTenant = {}) {
  const tenant = await mock.admin.tenant({ clock: { frozenAt: AUDIT_START }, ...options });
  const { clientId, clientSecret } = tenant.credentials;
  /** One request as the integration sends it: JSON in, status, headers and JSON out. */
  const send = async (method: string, path: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
    const response = await fetch(`${mock.url}${path}`, {
      method,
      headers: {
        ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
        ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...options.headers,
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : {}) as { data?: any; error?: string } };
  };
  return {
    clientId,
    clientSecret,
    tenant,
    send,
    async token(): Promise<string> {
      const answer = await send('POST', '/v1/auth/token', { body: { client_id: clientId, client_secret: clientSecret } });
      if (answer.status !== 200) throw new Error(`token → ${answer.status} ${answer.body.error}`);
      return answer.body.data.access_token as string;
    },
    /** The client waits: its own clock moves (and what it drives: orders, deliveries). */
    wait: (seconds: number) => tenant.clock.advance(seconds),
    sleep: (ms: number) => tenant.clock.advance(ms / 1000).then(() => undefined),
    audit: (severity?: 'error' | 'warning' | 'info') => tenant.audit(severity ? { severity } : {}),
    /** The ids of the audit's findings. */
    async findingIds(): Promise<string[]> {
      return (await tenant.audit()).findings.map((finding) => finding.id);
    },
  };
}

interface ReferenceOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  cart: unknown;
  sleep?: (ms: number) => Promise<void>;
}

export async function referenceClients(): Promise<{
  carefulClient(options: Omit<ReferenceOptions, 'cart'>): { purchase(cart: unknown): Promise<{ orderId: string; status: string }> };
  runCarefulClient(options: ReferenceOptions): Promise<{ orderId: string; status: string }>;
  runNaiveClient(options: ReferenceOptions): Promise<{ orderId: string; status: string }>;
}> {
  const careful = '../../examples/audit/careful-client.mjs';
  const naive = '../../examples/audit/naive-client.mjs';
  return { ...(await import(careful)), ...(await import(naive)) } as never;
}
