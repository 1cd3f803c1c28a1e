/** Scenarios: activate one globally or for a client, deactivate, and what is active with each rule's counters. */
import { on } from './context.js';
import { byTestId, cell, el, fillSelect, renderRows } from './dom.js';

export function scenarioPanel(ctx) {
  const name = byTestId('scenario-name');
  const scope = byTestId('scenario-scope');
  const description = byTestId('scenario-description');
  let scenarios = [];
  const describe = () => {
    description.textContent = scenarios.find((scenario) => scenario.name === name.value)?.description ?? 'Choose a scenario to see what it does.';
  };
  name.addEventListener('change', describe);

  const scopeLabel = () => (scope.value ? `client ${scope.value}` : 'global');
  on('scenario-activate', () => {
    if (!name.value) {
      return ctx.act('Activate', async () => {
        throw new Error('choose a scenario first');
      });
    }
    return ctx.act(`Scenario ${name.value} activated (${scopeLabel()})`, () =>
      ctx.admin('PUT', '/scenarios/active', scope.value ? { name: name.value, clientId: scope.value } : { name: name.value }),
    );
  });
  on('scenario-deactivate', () =>
    ctx.act(`Scenario deactivated (${scopeLabel()})`, () =>
      ctx.admin('DELETE', scope.value ? `/scenarios/active?clientId=${encodeURIComponent(scope.value)}` : '/scenarios/active'),
    ),
  );

  const showStatus = (status) => {
    byTestId('scenario-global').textContent = status.global ?? 'none (default)';
    const perClient = Object.entries(status.clients).map(([clientId, scenario]) => `${clientId}: ${scenario}`);
    byTestId('scenario-clients').textContent = perClient.length > 0 ? perClient.join(', ') : 'none';
    const rows = status.activations.flatMap((activation) => {
      const where = activation.clientId ? `${activation.scope} ${activation.clientId}` : activation.scope;
      const rules = activation.rules.length > 0 ? activation.rules : [{ rule: '(no rules)', matches: '', fired: '' }];
      return rules.map((rule) => [where, activation.scenario, rule.rule, rule.matches, rule.fired]);
    });
    renderRows(byTestId('scenario-activations'), rows, (row) => el('tr', {}, row.map((value) => cell(value))));
  };

  return {
    async refresh() {
      const first = scenarios.length === 0;
      if (first) {
        scenarios = (await ctx.admin('GET', '/scenarios')).data;
        // After the placeholder: nothing is chosen until the tester chooses, and no scenario looks active that is not.
        fillSelect(name, scenarios.map((scenario) => [scenario.name, scenario.name]), 1);
      }
      fillSelect(scope, ctx.clients.map((client) => [client.clientId, `client ${client.clientId}`]), 1);
      const status = (await ctx.admin('GET', '/scenarios/active')).data;
      showStatus(status);
      // The active one shown as chosen, unless the tester already chose while this first refresh was under way.
      if (first && name.value === '') {
        name.value = status.global ?? '';
        describe();
      }
    },
  };
}
