/**
 * A client's world at a glance, composed from the admin API's reads: its clock, the scenario it runs under, its
 * record counts, the payer prompts open on its wallets, its webhook deliveries still pending, what is armed, and
 * its latest refused requests from the journal. Every read names the client: no other client's world is reached.
 */
import type { AdminSend } from '../admin-http/admin-transport.ts';

/** How many of the latest journal entries are searched for failures, and how many failures are shown. */
const JOURNAL_WINDOW = 200;
const FAILURES_SHOWN = 5;

export async function worldStatus(admin: AdminSend, clientId: string) {
  const path = { client_id: clientId };
  const [clock, scenarios, orders, subscriptions, payments, wallets, pending, armed, journal] = await Promise.all([
    admin('getClientClock', { path }),
    admin('getActiveScenarios'),
    admin('listClientOrders', { path, query: { limit: 1 } }),
    admin('listClientSubscriptions', { path, query: { limit: 1 } }),
    admin('listClientPayments', { path, query: { limit: 1 } }),
    admin('listWallets', { path }),
    admin('listWebhookDeliveries', { query: { clientId, status: 'pending' } }),
    admin('listArmedOutcomes', { path }),
    admin('listRequests', { query: { clientId, limit: JOURNAL_WINDOW } }),
  ]);
  const own = scenarios.data.clients[clientId];
  return {
    clientId,
    clock: clock.data,
    scenario: own ? { name: own, scope: 'client' } : scenarios.data.global ? { name: scenarios.data.global, scope: 'global' } : null,
    records: { orders: orders.pagination.total, subscriptions: subscriptions.pagination.total, payments: payments.pagination.total, wallets: wallets.data.length },
    openPayerPrompts: wallets.data.flatMap((wallet) => (wallet.prompt ? [{ phone: wallet.phone, prompt: wallet.prompt }] : [])),
    pendingWebhookDeliveries: pending.data.map((delivery) => ({ id: delivery.id, type: delivery.type, attempts: delivery.attempts.length, nextAttemptAt: delivery.nextAttemptAt })),
    armedOutcomes: armed.data.filter((outcome) => outcome.remaining > 0).map((outcome) => ({ id: outcome.id, outcome: outcome.outcome, remaining: outcome.remaining })),
    lastFailures: journal.data
      .filter((entry) => entry.status >= 400 || entry.status === 0)
      .slice(0, FAILURES_SHOWN)
      .map(({ id, receivedAt, method, path: requestPath, status, error }) => ({ id, receivedAt, method, path: requestPath, status, error })),
  };
}
