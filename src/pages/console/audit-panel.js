/**
 * How the selected client's integration behaves (docs/audit.md): each finding of the audit, most severe first, with
 * its verdict, why it matters and how to fix it, and its evidence as links: the journal around the requests that
 * show it (the client's only), each order's story. Filter: the findings at a severity or above (in the address).
 */
import { byTestId, el, storyLink } from './dom.js';
import { withCode } from './inline-code.js';

/** How far either side of a finding's first and last request the journal link looks. */
const AROUND_MS = 1000;
const shifted = (iso, ms) => new Date(Date.parse(iso) + ms).toISOString();

export function auditPanel(ctx) {
  const severity = byTestId('audit-severity');
  const holder = byTestId('audit-findings');
  let renderedKey = '';
  const path = () => `/clients/${encodeURIComponent(ctx.clientId)}/audit${severity.value ? `?severity=${severity.value}` : ''}`;

  const journalLink = (finding) => {
    const { from, to } = finding.evidence;
    const params = new URLSearchParams({ clientId: ctx.clientId, clientOnly: '1' });
    if (from) params.set('since', shifted(from, -AROUND_MS));
    if (to) params.set('until', shifted(to, AROUND_MS));
    return el('a', { testid: 'audit-journal-link', href: `#/journal?${params}`, text: 'Journal' });
  };
  const ids = (label, values, testid) =>
    values?.length ? el('p', { testid }, `${label}: `, ...values.flatMap((id, index) => [index ? ', ' : '', el('code', { text: id })])) : undefined;

  const findingBlock = (finding) =>
    el(
      'article',
      { testid: 'audit-finding', 'data-rule': finding.id, 'data-severity': finding.severity, className: `audit-finding ${finding.severity}` },
      el('h3', {}, el('span', { testid: 'audit-severity-badge', className: 'badge', text: finding.severity }), ' ', el('code', { testid: 'audit-rule', text: finding.id })),
      el('p', { testid: 'audit-verdict', text: finding.verdict }),
      el(
        'p',
        { testid: 'audit-evidence' },
        finding.evidence.requestIds.length ? journalLink(finding) : undefined,
        ...(finding.evidence.orderIds ?? []).flatMap((id) => [' · ', storyLink(ctx, id, 'audit-story-link')]),
      ),
      ids('Requests', finding.evidence.requestIds, 'audit-request-ids'),
      ids('Deliveries', finding.evidence.deliveryIds, 'audit-delivery-ids'),
      ids('Drills', finding.evidence.drillIds, 'audit-drill-ids'),
      el('p', { testid: 'audit-why' }, el('strong', { text: 'Why it matters: ' }), ...withCode(finding.why)),
      el('p', { testid: 'audit-fix' }, el('strong', { text: 'How to fix it: ' }), ...withCode(finding.fix)),
      el('p', { className: 'hint', testid: 'audit-docs', text: finding.docs }),
    );

  severity.addEventListener('change', () => {
    ctx.remember();
    void ctx.refresh();
  });
  return {
    onlyWhenShown: true,
    applyParams(params) {
      const wanted = params.get('severity') ?? '';
      severity.value = ['error', 'warning', 'info'].includes(wanted) ? wanted : '';
    },
    params: () => ({ severity: severity.value }),
    async refresh() {
      byTestId('audit-client').textContent = ctx.clientId;
      if (!ctx.clientId) return;
      const audit = (await ctx.admin('GET', path())).data;
      const { counts, basedOn } = audit;
      byTestId('audit-summary').textContent =
        `${counts.error} errors, ${counts.warning} warnings, ${counts.info} info; based on ${basedOn.requests} requests, ${basedOn.deliveries} deliveries, ${basedOn.drills} drills`;
      byTestId('audit-note').textContent = basedOn.note ?? '';
      const key = JSON.stringify([audit.findings, ctx.clientId]);
      if (key === renderedKey) return;
      renderedKey = key;
      holder.replaceChildren(...(audit.findings.length ? audit.findings.map(findingBlock) : [el('p', { testid: 'audit-none', text: 'No finding: the integration behaves as docs/audit.md asks.' })]));
    },
  };
}
