/**
 * The overview, where the console opens: the selected client's clock and active scenario, its records, open
 * prompts, pending deliveries and coverage, each a tile that opens its view, and its last failures (failed
 * requests and failed webhook deliveries), newest first.
 */
import { byTestId, cell, el, renderRows, shortTime } from './dom.js';

const FAILURES_SHOWN = 6;

const tile = (testid, view, label, value, detail, ctx) =>
  el(
    'a',
    { className: 'tile', testid, href: `#/${view}?clientId=${encodeURIComponent(ctx.clientId)}` },
    el('span', { className: 'tile-label', text: label }),
    el('strong', { className: 'tile-value', testid: `${testid}-value`, text: value }),
    el('span', { className: 'tile-detail hint', text: detail }),
  );

export function overviewPanel(ctx) {
  const client = () => encodeURIComponent(ctx.clientId);
  const total = async (kind) => (await ctx.admin('GET', `/clients/${client()}/${kind}?limit=1`)).pagination.total;

  const failureRow = (failure) =>
    el(
      'tr',
      { testid: 'overview-failure', className: 'failed' },
      cell(shortTime(failure.at)),
      cell(failure.what, 'overview-failure-what'),
      cell(failure.answer, 'overview-failure-answer'),
      el('td', {}, el('a', { href: failure.href, text: failure.open })),
    );

  return {
    onlyWhenShown: true,
    async refresh() {
      byTestId('overview-client').textContent = ctx.clientId;
      if (!ctx.clientId) return;
      const [clock, scenarios, orders, subscriptions, payments, wallets, deliveries, coverage, journal] = await Promise.all([
        ctx.admin('GET', `/clients/${client()}/clock`),
        ctx.admin('GET', '/scenarios/active'),
        total('orders'),
        total('subscriptions'),
        total('payments'),
        ctx.admin('GET', `/clients/${client()}/wallets`),
        ctx.admin('GET', `/webhooks/deliveries?clientId=${client()}`),
        ctx.admin('GET', `/coverage?clientId=${client()}`),
        ctx.admin('GET', `/requests?clientId=${client()}&limit=200`),
      ]);
      const scenario = scenarios.data.clients[ctx.clientId] ?? scenarios.data.global;
      const prompts = wallets.data.filter((wallet) => wallet.prompt).length;
      const pending = deliveries.data.filter((delivery) => delivery.status === 'pending').length;
      const failedDeliveries = deliveries.data.filter((delivery) => delivery.status === 'failed');
      const { counts } = coverage.data;
      const journalLink = (params) => `#/journal?${new URLSearchParams({ clientId: ctx.clientId, clientOnly: '1', ...params })}`;
      byTestId('overview-tiles').replaceChildren(
        tile('overview-clock', 'clock', 'Clock', shortTime(clock.data.now), `${clock.data.frozen ? 'frozen' : 'running'} · ${clock.data.own ? 'its own' : 'global'}`, ctx),
        tile('overview-scenario', 'clock', 'Scenario', scenario ?? 'none', scenarios.data.clients[ctx.clientId] ? 'this client only' : 'global', ctx),
        tile('overview-records', 'records', 'Records', String(orders + subscriptions + payments), `${orders} orders · ${subscriptions} subscriptions · ${payments} payments`, ctx),
        tile('overview-prompts', 'phone', 'Open prompts', String(prompts), `${wallets.data.length} wallets`, ctx),
        tile('overview-deliveries', 'webhooks', 'Pending deliveries', String(pending), `${failedDeliveries.length} failed · ${deliveries.data.length} in all`, ctx),
        tile('overview-coverage', 'coverage', 'Coverage', `${counts.met} / ${counts.total}`, `met · ${counts.handled} handled`, ctx),
      );
      const failures = [
        ...journal.data
          .filter((entry) => entry.status >= 400 || entry.status === 0)
          .map((entry) => ({
            at: entry.receivedAt,
            what: `${entry.method} ${entry.path}`,
            answer: `${entry.status === 0 ? 'dropped' : entry.status}${entry.error ? ` ${entry.error}` : ''}`,
            href: journalLink({ status: String(entry.status), path: entry.path }),
            open: 'Journal',
          })),
        ...failedDeliveries.map((delivery) => ({
          at: delivery.attempts.at(-1)?.at ?? delivery.createdAt,
          what: `${delivery.type} ${delivery.id}`,
          answer: String(delivery.attempts.at(-1)?.statusCode ?? delivery.attempts.at(-1)?.error ?? 'failed'),
          href: `#/webhooks?clientId=${client()}`,
          open: 'Webhooks',
        })),
      ]
        .sort((a, b) => b.at.localeCompare(a.at))
        .slice(0, FAILURES_SHOWN);
      renderRows(byTestId('overview-failures'), failures, failureRow);
      byTestId('overview-failures').hidden = failures.length === 0;
      byTestId('overview-no-failures').hidden = failures.length > 0;
    },
  };
}
