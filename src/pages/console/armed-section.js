/**
 * What is armed for the selected client (docs/arming.md), under its coverage: each armed outcome with what meets it,
 * how many of its moves are left and how many times it fired, a Disarm for each and for all. Hidden while nothing is
 * armed. The coverage panel reads the list (its Arm buttons mark what is armed) and hands it here.
 */
import { on } from './context.js';
import { byTestId, cell, el, renderRows } from './dom.js';

/** What arming it said: what meets it, as the admin API words it (`metBy`, the CLI's `arm` prints the same). */
export const armedSaid = (armed) => `met by ${armed.metBy}${armed.firesWhen ? `, ${armed.firesWhen}` : ''}`;

export function armedSection(ctx) {
  const section = byTestId('armed-panel');
  const armedPath = () => `/clients/${encodeURIComponent(ctx.clientId)}/armed`;
  on('armed-disarm-all', () =>
    ctx.act(`Disarmed what was armed for ${ctx.clientId}`, async () => `${(await ctx.admin('DELETE', armedPath())).data.disarmed} outcome(s)`),
  );
  const armedRow = (armed) =>
    el(
      'tr',
      { testid: 'armed-row', 'data-outcome': armed.outcome, 'data-armed-id': armed.id, className: armed.remaining === 0 ? 'spent' : undefined },
      el('td', { className: 'id', testid: 'armed-outcome' }, el('code', { text: armed.outcome })),
      cell(armed.metBy, 'armed-next'),
      cell(`${armed.remaining} of ${armed.times}`, 'armed-left'),
      cell(armed.fired, 'armed-fired'),
      el(
        'td',
        {},
        el('button', {
          testid: 'armed-disarm',
          text: 'Disarm',
          onclick: () => ctx.act(`Disarmed ${armed.outcome}`, () => ctx.admin('DELETE', `${armedPath()}/${encodeURIComponent(armed.id)}`)),
        }),
      ),
    );
  return {
    /** Shows the client's armed outcomes (the answer of `GET /clients/{id}/armed`). */
    show(list) {
      byTestId('armed-client').textContent = ctx.clientId;
      section.hidden = list.length === 0;
      renderRows(byTestId('armed'), list, armedRow);
    },
  };
}
