/**
 * Outcome coverage of the selected client (docs/outcomes.md) at a glance: one line per group with its met, handled
 * and total counts and a bar, closed until opened; an open group lists its outcomes with how to provoke each (its
 * `code` spans shown as code), once met, a link to the journal around the moment it was met, and, when the mock can
 * arm it, an Arm button (for the client's next move; docs/arming.md) marked while it is armed. Filters: not met, met
 * but not handled. The open groups and the filter are in the view's address. What is armed shows below (armed-section.js),
 * then the client's network profile (network-section.js).
 */
import { armedSaid, armedSection } from './armed-section.js';
import { networkSection } from './network-section.js';
import { on } from './context.js';
import { byTestId, el } from './dom.js';
import { withCode } from './inline-code.js';

const FILTERS = {
  '': () => true,
  'not-met': (outcome) => outcome.status === 'not-met',
  'met-not-handled': (outcome) => outcome.status === 'met',
};
/** How far either side of the moment an outcome was met the journal link looks (the request and its answer). */
const AROUND_MS = 1000;

/** The outcomes by group, in catalogue order, counted. */
function groupsOf(outcomes) {
  const groups = new Map();
  for (const outcome of outcomes) {
    const group = groups.get(outcome.group) ?? { group: outcome.group, total: 0, met: 0, handled: 0, outcomes: [] };
    group.total += 1;
    if (outcome.status !== 'not-met') group.met += 1;
    if (outcome.status === 'handled') group.handled += 1;
    group.outcomes.push(outcome);
    groups.set(outcome.group, group);
  }
  return [...groups.values()];
}

/** The HTTP status an outcome is, when its description starts with one or names it (`POST /v1/orders → 201`). */
const statusOf = (outcome) => /(?:^|→ )(\d{3})\b/.exec(outcome.description)?.[1];

/** A bar's part, its width set through the style object: the page's policy refuses style attributes. */
const barPart = (className, share) => {
  const part = el('span', { className });
  part.style.width = `${Math.round(share * 1000) / 10}%`;
  return part;
};

const shifted = (iso, ms) => new Date(Date.parse(iso) + ms).toISOString();

export function coveragePanel(ctx) {
  const filter = byTestId('coverage-filter');
  const holder = byTestId('coverage-groups');
  const path = () => `/coverage?clientId=${encodeURIComponent(ctx.clientId)}`;
  const armedPath = () => `/clients/${encodeURIComponent(ctx.clientId)}/armed`;
  const armed = armedSection(ctx);
  const network = networkSection(ctx);
  const open = new Set();
  let report;
  /** Outcome id → how many of the client's moves it is still armed for. */
  let armedLeft = new Map();
  let renderedKey = '';

  const arm = (outcome) =>
    ctx.act(`Armed ${outcome.id} for ${ctx.clientId}`, async () => armedSaid((await ctx.admin('POST', armedPath(), { outcome: outcome.id })).data));
  const armCell = (outcome) => {
    if (!outcome.armable) return el('td', {});
    const left = armedLeft.get(outcome.id);
    return el(
      'td',
      { className: 'arm' },
      el('button', { testid: 'coverage-arm', text: 'Arm', title: "arm it for the client's next move", onclick: () => arm(outcome) }),
      left ? el('span', { testid: 'coverage-armed-mark', className: 'hint', text: ` armed ×${left}` }) : undefined,
    );
  };

  const journalLink = (outcome) => {
    const status = statusOf(outcome);
    const params = new URLSearchParams({ clientId: ctx.clientId, clientOnly: '1', since: shifted(outcome.metAt, -AROUND_MS), until: shifted(outcome.metAt, AROUND_MS) });
    if (status) params.set('status', status);
    return el('a', { testid: 'coverage-journal-link', href: `#/journal?${params}`, text: 'Journal' });
  };
  const outcomeRow = (outcome) =>
    el(
      'tr',
      { testid: 'coverage-outcome', 'data-outcome': outcome.id, 'data-status': outcome.status, className: outcome.status === 'not-met' ? undefined : 'met' },
      el('td', { className: 'id', testid: 'coverage-outcome-id' }, el('code', { text: outcome.id })),
      el('td', { testid: 'coverage-status', text: outcome.status }),
      el('td', { testid: 'coverage-description' }, withCode(outcome.description)),
      el('td', { testid: 'coverage-hint' }, withCode(outcome.provoke)),
      el('td', {}, outcome.metAt ? journalLink(outcome) : undefined),
      armCell(outcome),
    );
  const groupBlock = (group, outcomes) => {
    const details = el(
      'details',
      { testid: 'coverage-group', 'data-group': group.group, className: 'coverage-group', open: open.has(group.group) ? '' : undefined },
      el(
        'summary',
        {},
        el('span', { className: 'coverage-name', text: group.group }),
        el('span', { className: 'coverage-counts' }, el('span', { testid: 'coverage-met', text: group.met }), ' met · ', el('span', { testid: 'coverage-handled', text: group.handled }), ' handled · ', el('span', { testid: 'coverage-total', text: group.total })),
        el('span', { className: 'bar', title: `${group.met} of ${group.total} met, ${group.handled} handled` }, barPart('bar-met', group.met / group.total), barPart('bar-handled', group.handled / group.total)),
      ),
      el(
        'table',
        { testid: 'coverage-outcomes' },
        el('thead', {}, el('tr', {}, ['outcome', 'status', 'what it is', 'how to provoke it', '', ''].map((heading) => el('th', { text: heading })))),
        el('tbody', {}, outcomes.map(outcomeRow)),
      ),
    );
    details.addEventListener('toggle', () => {
      if (details.open) open.add(group.group);
      else open.delete(group.group);
      ctx.remember();
    });
    return details;
  };

  const render = () => {
    if (!report) return;
    const wanted = FILTERS[filter.value] ?? FILTERS[''];
    const groups = groupsOf(report.outcomes)
      .map((group) => [group, group.outcomes.filter(wanted)])
      .filter(([, outcomes]) => outcomes.length > 0);
    const key = JSON.stringify([groups, filter.value, [...open], [...armedLeft]]);
    if (key === renderedKey) return;
    renderedKey = key;
    holder.replaceChildren(...groups.map(([group, outcomes]) => groupBlock(group, outcomes)));
    for (const row of holder.querySelectorAll('tr')) {
      [...row.cells].forEach((td, index) => {
        const heading = row.closest('table').tHead.rows[0].cells[index]?.textContent;
        if (heading) td.dataset.label = heading;
      });
    }
  };
  const setAll = (opened) => {
    for (const details of holder.querySelectorAll('details')) details.open = opened;
  };

  filter.addEventListener('change', () => {
    render();
    ctx.remember();
  });
  on('coverage-expand-all', () => setAll(true));
  on('coverage-collapse-all', () => setAll(false));
  on('coverage-clear', () => ctx.act(`Coverage of ${ctx.clientId} started afresh`, () => ctx.admin('DELETE', path())));
  return {
    applyParams(params) {
      filter.value = FILTERS[params.get('filter') ?? ''] ? (params.get('filter') ?? '') : '';
      open.clear();
      for (const group of (params.get('open') ?? '').split(',').filter(Boolean)) open.add(group);
      renderedKey = '';
      render();
    },
    params: () => ({ filter: filter.value, open: [...open].join(',') }),
    async refresh() {
      byTestId('coverage-client').textContent = ctx.clientId;
      if (!ctx.clientId) return;
      report = (await ctx.admin('GET', path())).data;
      const list = (await ctx.admin('GET', armedPath())).data;
      armedLeft = new Map();
      for (const one of list) if (one.remaining > 0) armedLeft.set(one.outcome, (armedLeft.get(one.outcome) ?? 0) + one.remaining);
      armed.show(list);
      await network.refresh();
      const { counts } = report;
      byTestId('coverage-summary').textContent = `${counts.met} of ${counts.total} met, ${counts.handled} handled`;
      render();
    },
  };
}
