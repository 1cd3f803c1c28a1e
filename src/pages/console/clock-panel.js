/**
 * The mock clock: what it reads; moved by a minute, an hour or a day, by any number of minutes, hours or days, or
 * set to a date and time (UTC, as the mock's times are); frozen and resumed.
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
  const now = byTestId('clock-now');
  const state = byTestId('clock-state');
  const setAt = byTestId('clock-set-at');
  const clockCall = (label, path, body) =>
    ctx.act(label, async () => {
      const { data } = await ctx.admin('POST', path, body);
      ctx.setClock(data);
      return shortTime(data.now);
    });
  for (const [testid, seconds, label] of MOVES) on(testid, () => clockCall(`Clock +${label}`, '/clock/advance', { seconds }));
  on('clock-freeze', () => clockCall('Clock frozen', '/clock/freeze'));
  on('clock-resume', () => clockCall('Clock resumed', '/clock/resume'));
  onSubmit('clock-advance-form', () => {
    const amount = Number(byTestId('clock-advance-amount').value);
    const unit = byTestId('clock-advance-unit').value;
    return clockCall(`Clock +${amount} ${unit}`, '/clock/advance', { seconds: amount * UNIT_SECONDS[unit] });
  });
  // A datetime-local field holds no zone: its value is read as UTC, the zone every time on the page is shown in.
  // Without seconds (`2026-04-01T12:00`) it is not yet an RFC 3339 instant.
  onSubmit('clock-set-form', () => clockCall('Clock set', '/clock/set', { at: `${setAt.value.length === 16 ? `${setAt.value}:00` : setAt.value}Z` }));

  const show = () => {
    const ms = ctx.mockNowMs();
    if (Number.isNaN(ms)) return;
    now.textContent = shortTime(new Date(ms).toISOString());
    state.textContent = ctx.clock.frozen ? 'frozen' : 'running';
  };
  return {
    async refresh() {
      ctx.setClock((await ctx.admin('GET', '/clock')).data);
      // Starts from the mock's time, so a date nearby is a small edit.
      if (setAt.value === '') setAt.value = new Date(ctx.clock.nowMs).toISOString().slice(0, 19);
      show();
    },
    tick: show,
  };
}
