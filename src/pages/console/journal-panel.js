/** The request journal, newest first: what the API answered, with the error code, the client and the scenario. */
import { on } from './context.js';
import { byTestId, cell, el, renderRows, shortTime } from './dom.js';

const SHOWN = 50;

export function journalPanel(ctx) {
  const clientOnly = byTestId('journal-client-only');
  const paused = byTestId('journal-pause');
  on('journal-clear', () => ctx.act('Journal cleared', () => ctx.admin('DELETE', '/requests')));

  const entryRow = (entry) =>
    el(
      'tr',
      { testid: 'journal-row', 'data-request-id': entry.id, className: entry.status >= 400 || entry.status === 0 ? 'failed' : '' },
      cell(shortTime(entry.receivedAt)),
      cell(entry.method),
      cell(entry.query ? `${entry.path}?${entry.query}` : entry.path, 'journal-path'),
      cell(entry.status === 0 ? 'dropped' : entry.status, 'journal-status'),
      cell(entry.error, 'journal-error'),
      cell(entry.clientId, 'journal-client'),
      cell(entry.scenario, 'journal-scenario'),
      cell(Math.round(entry.durationMs)),
    );
  return {
    async refresh() {
      if (paused.checked) return;
      const filter = clientOnly.checked && ctx.clientId ? `&clientId=${encodeURIComponent(ctx.clientId)}` : '';
      const journal = await ctx.admin('GET', `/requests?limit=${SHOWN}${filter}`);
      renderRows(byTestId('journal'), journal.data, entryRow);
      byTestId('journal-total').textContent = journal.total > SHOWN ? `(newest ${SHOWN} of ${journal.total})` : `(${journal.total})`;
    },
  };
}
