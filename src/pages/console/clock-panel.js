/** The mock clock: what it reads, moved by a minute, an hour or a day; frozen and resumed. */
import { on } from './context.js';
import { byTestId, shortTime } from './dom.js';

const MOVES = [
  ['clock-advance-minute', 60, '1 minute'],
  ['clock-advance-hour', 3600, '1 hour'],
  ['clock-advance-day', 86400, '1 day'],
];

export function clockPanel(ctx) {
  const now = byTestId('clock-now');
  const state = byTestId('clock-state');
  const clockCall = (label, path, body) =>
    ctx.act(label, async () => {
      const { data } = await ctx.admin('POST', path, body);
      ctx.setClock(data);
      return shortTime(data.now);
    });
  for (const [testid, seconds, label] of MOVES) on(testid, () => clockCall(`Clock +${label}`, '/clock/advance', { seconds }));
  on('clock-freeze', () => clockCall('Clock frozen', '/clock/freeze'));
  on('clock-resume', () => clockCall('Clock resumed', '/clock/resume'));

  const show = () => {
    const ms = ctx.mockNowMs();
    if (Number.isNaN(ms)) return;
    now.textContent = shortTime(new Date(ms).toISOString());
    state.textContent = ctx.clock.frozen ? 'frozen' : 'running';
  };
  return {
    async refresh() {
      ctx.setClock((await ctx.admin('GET', '/clock')).data);
      show();
    },
    tick: show,
  };
}
