/**
 * The selected client's network profile (docs/network-failures.md#profiles), under its coverage: which profile, its
 * seed and what it did, its ramp with the stage the client's clock is in marked, a profile to apply (its seed drawn)
 * and Remove. The coverage panel refreshes it with the rest of the view.
 */
import { on } from './context.js';
import { byTestId, cell, el, renderRows } from './dom.js';

const percent = (rate) => `${Math.round(rate * 10000) / 100}%`;

/** A leg in words, as `commerce-mock faults` prints it. */
function legWords(leg) {
  const latency = leg.latencyMs;
  const words = [];
  if (latency) words.push('fixedMs' in latency ? `latency ${latency.fixedMs} ms` : 'minMs' in latency ? `latency ${latency.minMs}-${latency.maxMs} ms` : `latency ${latency.meanMs}±${latency.stdDevMs} ms`);
  for (const [name, rate] of [['reset', leg.loss], ['reply lost', leg.replyLost], ['timeout', leg.timeout], ['slow body', leg.slowBody]]) if (rate) words.push(`${name} ${percent(rate)}`);
  return words.length === 0 ? 'answered as usual' : words.join(', ');
}

/** A stage's legs in words: its `api` leg's, then each other leg it states. */
function stageWords(stage) {
  const rates = (pairs) => pairs.filter(([, rate]) => rate).map(([name, rate]) => `${name} ${percent(rate)}`).join(', ') || 'as usual';
  const words = [legWords(stage.api)];
  if (stage.token) words.push(`token: ${legWords(stage.token)}`);
  if (stage.webhooks) words.push(`webhooks: ${rates([['connect delay', stage.webhooks.connectDelay], ['reset mid-body', stage.webhooks.resetMidBody]])}`);
  if (stage.checkout) words.push(`checkout: ${rates([['slow', stage.checkout.slow], ['503', stage.checkout.unavailable]])}`);
  return words.join('; ');
}

function summaryOf(applied) {
  const { faults } = applied;
  const legs = faults.connectDelay + faults.resetMidBody + faults.checkoutSlow + faults.checkoutUnavailable;
  const did =
    `${faults.reset} reset, ${faults.replyLost} reply lost, ${faults.timeout} timeout, ${faults.slowBody} slow body, ${faults.delayed} delayed` +
    (legs === 0 ? '' : `; webhook attempts: ${faults.connectDelay} connect delay, ${faults.resetMidBody} reset mid-body; checkout pages: ${faults.checkoutSlow} slow, ${faults.checkoutUnavailable} 503`);
  return `${applied.profile}, stage ${applied.stage.name}, seed ${applied.seed}${applied.until ? `, until ${applied.until}` : ''}; ${applied.requests} requests met: ${did}`;
}

export function networkSection(ctx) {
  const select = byTestId('network-profile-select');
  const path = () => `/clients/${encodeURIComponent(ctx.clientId)}/network-profile`;
  on('network-apply', () =>
    ctx.act(`Applied ${select.value} to ${ctx.clientId}`, async () => `seed ${(await ctx.admin('PUT', path(), { profile: select.value })).data.seed}`),
  );
  on('network-remove', () => ctx.act(`Removed the network profile of ${ctx.clientId}`, () => ctx.admin('DELETE', path())));
  const stageRow = (stage) =>
    el(
      'tr',
      { testid: 'network-stage', 'data-stage': stage.name, 'data-current': stage.current ? 'true' : undefined, className: stage.current ? undefined : 'spent' },
      el('td', { className: 'id' }, el('code', { text: stage.name })),
      cell(stage.forSeconds === undefined ? 'until the end' : `${stage.forSeconds} s`, 'network-lasts'),
      cell(stageWords(stage), 'network-does'),
    );
  return {
    async refresh() {
      byTestId('network-client').textContent = ctx.clientId;
      const profiles = (await ctx.admin('GET', '/network-profiles')).data;
      const chosen = select.value;
      select.replaceChildren(...profiles.map((profile) => el('option', { value: profile.name, text: profile.name, title: profile.description ?? '' })));
      if (profiles.some((profile) => profile.name === chosen)) select.value = chosen;
      const applied = await ctx.admin('GET', path()).then(
        (answer) => answer.data,
        (error) => {
          // None applied (the catalogue's no_network_profile); an unknown client stays a refusal.
          if (error.status === 404 && error.body?.message?.includes('perfil de rede')) return undefined;
          throw error;
        },
      );
      byTestId('network-summary').textContent = applied ? summaryOf(applied) : 'no network profile: its requests are answered as usual';
      byTestId('network-remove').hidden = !applied;
      const stages = applied ? applied.stages.map((stage, index) => ({ ...stage, current: index === applied.stage.index })) : [];
      renderRows(byTestId('network-stages'), stages, stageRow);
    },
  };
}
