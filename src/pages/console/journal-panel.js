/**
 * The request journal, newest first: what the API answered, with the error code, the client and the scenario;
 * filtered by client, method, status and path pattern (the admin API's own filters, so the count is the journal's);
 * a row opens to its headers and bodies.
 */
import { on } from './context.js';
import { byTestId, cell, el, renderRows, shortTime } from './dom.js';
import { journalDetail } from './journal-detail.js';

const SHOWN = 50;

export function journalPanel(ctx) {
  const clientOnly = byTestId('journal-client-only');
  const paused = byTestId('journal-pause');
  const method = byTestId('journal-method-filter');
  const status = byTestId('journal-status-filter');
  const path = byTestId('journal-path-filter');
  const problem = byTestId('journal-filter-problem');
  const detail = journalDetail(ctx);
  on('journal-clear', () => ctx.act('Journal cleared', () => ctx.admin('DELETE', '/requests')));
  for (const field of [method, status, path]) field.addEventListener('change', () => void ctx.refresh());

  const entryRow = (entry) =>
    el(
      'tr',
      { testid: 'journal-row', 'data-request-id': entry.id, className: entry.status >= 400 || entry.status === 0 ? 'failed' : '' },
      el('td', {}, el('button', { testid: 'journal-open', text: 'Open', onclick: () => detail.open(entry.id) })),
      cell(shortTime(entry.receivedAt)),
      cell(entry.method, 'journal-method'),
      cell(entry.query ? `${entry.path}?${entry.query}` : entry.path, 'journal-path'),
      cell(entry.status === 0 ? 'dropped' : entry.status, 'journal-status'),
      cell(entry.error, 'journal-error'),
      cell(entry.clientId, 'journal-client'),
      cell(entry.scenario, 'journal-scenario'),
      cell(Math.round(entry.durationMs)),
    );

  const query = () => {
    const params = new URLSearchParams({ limit: String(SHOWN) });
    if (clientOnly.checked && ctx.clientId) params.set('clientId', ctx.clientId);
    if (method.value) params.set('method', method.value);
    if (status.value.trim()) params.set('status', status.value.trim());
    if (path.value.trim()) params.set('path', path.value.trim());
    return params.toString();
  };
  return {
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
