/**
 * The selected client's clock: the global one it follows, or its own (a tenant's) — the panel says which. Moved by a
 * minute, an hour or a day, by any number of minutes, hours or days, or set to a date and time (UTC, as the mock's
 * times are); frozen and resumed. "Move only the selected client's clock" moves that client's own clock (created from
 * the global one on first use) and no other client's; "Follow the global clock" drops it again.
 */
import { on, onSubmit } from './context.js';
import { byTestId, shortTime } from './dom.js';

const MOVES = [
  ['clock-advance-minute', 60, '1 minute'],
  ['clock-advance-hour', 3600, '1 hour'],
  ['clock-advance-day', 86400, '1 day'],
];
const UNIT_SECONDS = { minutes: 60, hours: 3600, days: 86400 };

export function clockPanel(ctx) {
  const [now, state, setAt, scope, ownBox, followGlobal] = ['now', 'state', 'set-at', 'scope', 'own', 'follow-global'].map((name) => byTestId(`clock-${name}`));
  const clientClock = () => `/clients/${encodeURIComponent(ctx.clientId)}/clock`;
  // Moves go to the selected client's own clock when asked, else to the global clock.
  const base = () => (ownBox.checked && ctx.clientId ? clientClock() : '/clock');
  const clockCall = (label, suffix, body) =>
    ctx.act(label, async () => {
      const { data } = await ctx.admin('POST', `${base()}${suffix}`, body);
      ctx.setClock(data);
      return shortTime(data.now);
    });
  const showScope = (data) => {
    const own = data.own === true;
    if (own) ownBox.checked = true;
    followGlobal.hidden = !own;
    scope.textContent = ctx.clientId ? `Clock of ${ctx.clientId}: ${own ? 'its own' : 'follows the global clock'}` : 'The global clock';
  };
  ctx.onClientChange(() => (ownBox.checked = false));
  on('clock-follow-global', () =>
    ctx.act('Clock: follows the global clock', async () => {
      await ctx.admin('DELETE', clientClock());
      ownBox.checked = false;
    }),
  );
  for (const [testid, seconds, label] of MOVES) on(testid, () => clockCall(`Clock +${label}`, '/advance', { seconds }));
  on('clock-freeze', () => clockCall('Clock frozen', '/freeze'));
  on('clock-resume', () => clockCall('Clock resumed', '/resume'));
  onSubmit('clock-advance-form', () => {
    const amount = Number(byTestId('clock-advance-amount').value);
    const unit = byTestId('clock-advance-unit').value;
    return clockCall(`Clock +${amount} ${unit}`, '/advance', { seconds: amount * UNIT_SECONDS[unit] });
  });
  // A datetime-local field holds no zone: its value is read as UTC, the zone every time on the page is shown in.
  // Without seconds (`2026-04-01T12:00`) it is not yet an RFC 3339 instant.
  onSubmit('clock-set-form', () => clockCall('Clock set', '/set', { at: `${setAt.value.length === 16 ? `${setAt.value}:00` : setAt.value}Z` }));

  const show = () => {
    const ms = ctx.mockNowMs();
    if (Number.isNaN(ms)) return;
    now.textContent = shortTime(new Date(ms).toISOString());
    state.textContent = ctx.clock.frozen ? 'frozen' : 'running';
  };
  return {
    async refresh() {
      const { data } = await ctx.admin('GET', ctx.clientId ? clientClock() : '/clock');
      ctx.setClock(data);
      showScope(data);
      // Starts from the mock's time, so a date nearby is a small edit.
      if (setAt.value === '') setAt.value = new Date(ctx.clock.nowMs).toISOString().slice(0, 19);
      show();
    },
    tick: show,
  };
}
