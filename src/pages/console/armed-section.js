/**
 * What is armed for the selected client (docs/arming.md), under its coverage: each armed outcome with what meets it,
 * how many of its moves are left and how many times it fired, a Disarm for each and for all. Hidden while nothing is
 * armed. The coverage panel reads the list (its Arm buttons mark what is armed) and hands it here.
 */
import { on } from './context.js';
import { byTestId, cell, el, renderRows } from './dom.js';

/** What the client does that meets an outcome: one, and several (`meets` of the admin API). */
const MOVES = {
  request: ['request', 'requests'],
  order: ['order placed', 'orders placed'],
  charge: ['subscription charge', 'subscription charges'],
  delivery: ['webhook delivery', 'webhook deliveries'],
};

/** When an order outcome fires, as the CLI's `arm` says it (src/cli/arm-lines.ts ORDER_FIRES). */
export const ORDER_FIRES =
  "when it ends: at the status poll that ends it (the 3rd by default), at a scenario's time step, or when the payer answers the checkout push or the checkout page";

/** What arming it said: the moves that meet it and, for an order, when it fires. */
export const armedSaid = (armed) => `met by its next ${nextMoves(armed)}${armed.meets === 'order' ? `, ${ORDER_FIRES}` : ''}`;

/** `order placed`, `2 requests to createOrder`: the client's next moves that meet it. */
export function nextMoves(armed, count = armed.times) {
  const [one, many] = MOVES[armed.meets] ?? [armed.meets, armed.meets];
  const what = count === 1 ? one : `${count} ${many}`;
  return armed.operation ? `${what} to ${armed.operation}` : what;
}

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
      cell(armed.remaining === 0 ? 'spent' : `its next ${nextMoves(armed, armed.remaining)}`, 'armed-next'),
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
