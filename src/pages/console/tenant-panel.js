/**
 * Tenants: the clients that run on a clock of their own (`POST /__admin/tenants` makes them), each with its clock
 * and scenario; create one (empty or seeded, a scenario, a frozen clock), its secret shown once with a copy button;
 * delete one after a confirmation naming what goes; switch the whole console to it.
 */
import { on, onSubmit } from './context.js';
import { byTestId, cell, el, fillSelect, renderRows, shortTime } from './dom.js';

export function tenantPanel(ctx) {
  const secretBox = byTestId('tenant-secret-box');
  const hideSecret = () => {
    secretBox.hidden = true;
    byTestId('tenant-secret').textContent = '';
  };
  /** The tenant whose deletion waits for a confirmation. */
  let confirming = '';

  const tenantPath = (clientId) => `/tenants/${encodeURIComponent(clientId)}`;
  const switchTo = (clientId) => ctx.navigate('overview', { clientId });
  const remove = (tenant) =>
    ctx.act(`Tenant ${tenant.clientId} deleted`, async () => {
      confirming = '';
      const { data } = await ctx.admin('DELETE', tenantPath(tenant.clientId));
      return `${data.records} records removed`;
    });

  const confirmation = (tenant) =>
    el(
      'td',
      { className: 'actions confirm', testid: 'tenant-confirm' },
      el('span', {
        testid: 'tenant-confirm-text',
        text: `Delete ${tenant.clientId} and everything it owns: its records, tokens, webhook deliveries, journal entries, clock, scenario and endpoint?`,
      }),
      el('button', { testid: 'tenant-delete-confirm', className: 'danger', text: `Delete ${tenant.clientId}`, onclick: () => remove(tenant) }),
      el('button', { testid: 'tenant-delete-keep', text: 'Keep', onclick: () => ((confirming = ''), void ctx.refresh()) }),
    );
  const actions = (tenant) =>
    el(
      'td',
      { className: 'actions' },
      el('button', { testid: 'tenant-switch', text: tenant.clientId === ctx.clientId ? 'Selected' : 'Switch to', disabled: tenant.clientId === ctx.clientId, onclick: () => switchTo(tenant.clientId) }),
      el('button', { testid: 'tenant-delete', className: 'danger', text: 'Delete…', onclick: () => ((confirming = tenant.clientId), void ctx.refresh()) }),
    );
  const tenantRow = (tenant) =>
    el(
      'tr',
      { testid: 'tenant-row', 'data-client-id': tenant.clientId },
      cell(tenant.clientId),
      cell(tenant.name),
      cell(`${shortTime(tenant.clock.now)} ${tenant.clock.frozen ? 'frozen' : 'running'}`, 'tenant-clock'),
      cell(tenant.scenario ?? 'none', 'tenant-scenario'),
      tenant.clientId === confirming ? confirmation(tenant) : actions(tenant),
    );

  onSubmit('tenant-create-form', () => {
    const field = (testid) => byTestId(testid).value.trim();
    const at = field('tenant-new-clock');
    const body = {
      ...(field('tenant-new-id') ? { clientId: field('tenant-new-id') } : {}),
      ...(field('tenant-new-name') ? { name: field('tenant-new-name') } : {}),
      seedData: field('tenant-new-data'),
      ...(field('tenant-new-scenario') ? { scenario: field('tenant-new-scenario') } : {}),
      // A datetime-local field holds no zone: read as UTC, as every time on the page.
      ...(at ? { clock: { frozenAt: `${at.length === 16 ? `${at}:00` : at}Z` } } : {}),
    };
    return ctx.act('Tenant created', async () => {
      const { data } = await ctx.admin('POST', '/tenants', body);
      byTestId('tenant-secret-client').textContent = data.clientId;
      byTestId('tenant-secret').textContent = data.clientSecret;
      secretBox.hidden = false;
      byTestId('tenant-new-id').value = '';
      return `${data.clientId}, ${data.records} records seeded`;
    });
  });
  on('tenant-secret-copy', () =>
    ctx.act('Secret copied', async () => {
      await navigator.clipboard.writeText(byTestId('tenant-secret').textContent ?? '');
    }),
  );
  on('tenant-secret-hide', hideSecret);
  let scenariosListed = false;

  return {
    onlyWhenShown: true,
    /** The secret is shown once: leaving the view forgets it. */
    applyParams: hideSecret,
    async refresh() {
      if (!scenariosListed) {
        const scenarios = (await ctx.admin('GET', '/scenarios')).data;
        fillSelect(byTestId('tenant-new-scenario'), scenarios.map((scenario) => [scenario.name, scenario.name]), 1);
        scenariosListed = true;
      }
      const owners = (await ctx.admin('GET', '/clock')).data.clientsWithOwnClock ?? [];
      const tenants = await Promise.all(
        owners.map(async (clientId) => {
          const client = ctx.clients.find((listed) => listed.clientId === clientId) ?? { clientId };
          const clock = (await ctx.admin('GET', `/clients/${encodeURIComponent(clientId)}/clock`)).data;
          return { clientId, name: client.name, scenario: client.scenario, clock: { now: clock.now, frozen: clock.frozen } };
        }),
      );
      if (!owners.includes(confirming)) confirming = '';
      renderRows(byTestId('tenants'), tenants.map((tenant) => ({ ...tenant, confirming: tenant.clientId === confirming, selected: tenant.clientId === ctx.clientId })), tenantRow);
      byTestId('tenants-none').hidden = tenants.length > 0;
    },
  };
}
