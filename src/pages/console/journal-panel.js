/**
 * The request journal, newest first: what the API answered, with the error code, the client and the scenario;
 * filtered by client, method, status, path pattern and a time window (the admin API's own filters, so the count is
 * the journal's; all of them in the view's address); a row opens to its headers and bodies, and a path that names
 * an order or a subscription links to its story.
 */
import { on } from './context.js';
import { byTestId, cell, el, renderRows, shortTime, storyLink } from './dom.js';
import { journalDetail } from './journal-detail.js';

const SHOWN = 50;

export function journalPanel(ctx) {
  const [clientOnly, paused, problem] = ['journal-client-only', 'journal-pause', 'journal-filter-problem'].map((id) => byTestId(id));
  const [method, status, path] = ['method', 'status', 'path'].map((filter) => byTestId(`journal-${filter}-filter`));
  const detail = journalDetail(ctx);
  /** A time window (mock clock), set by the address only: the coverage view's link to where an outcome was met. */
  let timeWindow = { since: '', until: '' };
  const showWindow = () => {
    byTestId('journal-window').hidden = !timeWindow.since && !timeWindow.until;
    byTestId('journal-window-text').textContent = `Received ${timeWindow.since ? `from ${shortTime(timeWindow.since)}` : ''} ${timeWindow.until ? `until ${shortTime(timeWindow.until)}` : ''}`.trim();
  };
  on('journal-clear', () => ctx.act('Journal cleared', () => ctx.admin('DELETE', '/requests')));
  on('journal-window-clear', () => {
    timeWindow = { since: '', until: '' };
    showWindow();
    ctx.remember();
    return ctx.refresh();
  });
  for (const field of [clientOnly, method, status, path]) {
    field.addEventListener('change', () => {
      ctx.remember();
      void ctx.refresh();
    });
  }
  /**
   * What became of the answer on the network and what decided it, when an armed network failure or a profile met the
   * request: `reply_lost (network.reply-lost)`, `held 2000 ms (flaky-mobile@flaky)`.
   */
  const networkOf = (entry) => {
    if (!entry.network) return '';
    const by = entry.profile ?? entry.armed?.join(', ');
    return `${entry.network}${entry.heldMs ? ` ${entry.heldMs} ms` : ''}${by ? ` (${by})` : ''}`;
  };
  /** An answer the client never got whole shows as failed, whatever status the handler produced. */
  const failed = (entry) => entry.status >= 400 || entry.status === 0 || (entry.network !== undefined && entry.network !== 'held' && entry.network !== 'trickled');
  /** The order or subscription a path names (`/v1/orders/ord_…/status`), for a link to its story. */
  const recordOf = (entry) => /\/((?:ord|sub)_[A-Za-z0-9]+)/.exec(entry.path)?.[1];

  const entryRow = (entry) =>
    el(
      'tr',
      { testid: 'journal-row', 'data-request-id': entry.id, className: failed(entry) ? 'failed' : '' },
      el('td', {}, el('button', { testid: 'journal-open', text: 'Open', onclick: () => detail.open(entry.id) })),
      cell(shortTime(entry.receivedAt)),
      cell(entry.method, 'journal-method'),
      cell(entry.query ? `${entry.path}?${entry.query}` : entry.path, 'journal-path'),
      cell(entry.status === 0 ? 'dropped' : entry.status, 'journal-status'),
      cell(entry.error, 'journal-error'),
      cell(entry.clientId, 'journal-client'),
      cell(entry.scenario, 'journal-scenario'),
      cell(networkOf(entry), 'journal-network'),
      cell(Math.round(entry.durationMs)),
      el('td', {}, recordOf(entry) ? storyLink(ctx, recordOf(entry), 'journal-story') : undefined),
    );

  const query = () => {
    const params = new URLSearchParams({ limit: String(SHOWN) });
    if (clientOnly.checked && ctx.clientId) params.set('clientId', ctx.clientId);
    if (method.value) params.set('method', method.value);
    if (status.value.trim()) params.set('status', status.value.trim());
    if (path.value.trim()) params.set('path', path.value.trim());
    if (timeWindow.since) params.set('since', timeWindow.since);
    if (timeWindow.until) params.set('until', timeWindow.until);
    return params.toString();
  };
  return {
    applyParams(params) {
      clientOnly.checked = params.get('clientOnly') === '1';
      method.value = params.get('method') ?? '';
      status.value = params.get('status') ?? '';
      path.value = params.get('path') ?? '';
      timeWindow = { since: params.get('since') ?? '', until: params.get('until') ?? '' };
      showWindow();
    },
    params: () => ({
      clientOnly: clientOnly.checked ? '1' : '',
      method: method.value,
      status: status.value.trim(),
      path: path.value.trim(),
      since: timeWindow.since,
      until: timeWindow.until,
    }),
    async refresh() {
      if (paused.checked) return;
      let journal;
      try {
        journal = await ctx.admin('GET', `/requests?${query()}`);
        problem.textContent = '';
      } catch (error) {
        // A filter the admin API refuses (a path pattern without a leading /, a status of 1000) is said here, not as "offline".
        if (error.status !== 400) throw error;
        problem.textContent = error.body?.details?.map((detailed) => `${detailed.path}: ${detailed.message}`).join('; ') || error.message;
        journal = { data: [], total: 0 };
      }
      renderRows(byTestId('journal'), journal.data, entryRow);
      for (const row of byTestId('journal').tBodies[0].rows) row.classList.toggle('open', row.dataset.requestId === detail.openId());
      byTestId('journal-total').textContent = journal.total > SHOWN ? `(newest ${SHOWN} of ${journal.total})` : `(${journal.total})`;
    },
  };
}
