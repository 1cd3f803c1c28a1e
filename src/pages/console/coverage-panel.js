/**
 * Outcome coverage of the selected client (docs/outcomes.md): each group's met and handled counts, and the outcomes
 * not met yet with how to provoke them; a button starts the client afresh.
 */
import { on } from './context.js';
import { byTestId, cell, el, renderRows } from './dom.js';

/** The outcomes by group, in catalogue order, counted. */
function groupsOf(outcomes) {
  const groups = new Map();
  for (const outcome of outcomes) {
    const group = groups.get(outcome.group) ?? { group: outcome.group, total: 0, met: 0, handled: 0 };
    group.total += 1;
    if (outcome.status !== 'not-met') group.met += 1;
    if (outcome.status === 'handled') group.handled += 1;
    groups.set(outcome.group, group);
  }
  return [...groups.values()];
}

export function coveragePanel(ctx) {
  const path = () => `/coverage?clientId=${encodeURIComponent(ctx.clientId)}`;
  on('coverage-clear', () => ctx.act(`Coverage of ${ctx.clientId} started afresh`, () => ctx.admin('DELETE', path())));
  const groupRow = (group) =>
    el('tr', { testid: 'coverage-group', 'data-group': group.group }, cell(group.group), cell(group.met, 'coverage-met'), cell(group.handled, 'coverage-handled'), cell(group.total));
  const missingRow = (outcome) =>
    el('tr', { testid: 'coverage-missing-row', 'data-outcome': outcome.id }, cell(outcome.id), cell(outcome.description), cell(outcome.provoke, 'coverage-hint'));
  return {
    async refresh() {
      byTestId('coverage-client').textContent = ctx.clientId;
      if (!ctx.clientId) return;
      const report = (await ctx.admin('GET', path())).data;
      const { counts } = report;
      byTestId('coverage-summary').textContent = `${counts.met} of ${counts.total} met, ${counts.handled} handled`;
      renderRows(byTestId('coverage-groups'), groupsOf(report.outcomes), groupRow);
      renderRows(byTestId('coverage-missing'), report.outcomes.filter((outcome) => outcome.status === 'not-met'), missingRow);
    },
  };
}
