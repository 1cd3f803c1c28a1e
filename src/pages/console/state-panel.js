/** Reset (everything, or the selected client's records) and named snapshots: save, restore, delete. */
import { on, onSubmit } from './context.js';
import { byTestId, cell, el, renderRows, shortTime } from './dom.js';

export function statePanel(ctx) {
  on('reset-all', () => ctx.act('Everything reset', () => ctx.admin('POST', '/reset', {})));
  on('reset-client', () =>
    ctx.act(`Records of ${ctx.clientId} reset`, async () => `${(await ctx.admin('POST', '/reset', { clientId: ctx.clientId })).data.removed} removed`),
  );
  onSubmit('snapshot-form', () => {
    const name = byTestId('snapshot-name').value.trim();
    return ctx.act(`Snapshot ${name} saved`, () => ctx.admin('POST', '/snapshots', { name }));
  });

  const snapshotPath = (snapshot) => `/snapshots/${encodeURIComponent(snapshot.name)}`;
  const snapshotRow = (snapshot) =>
    el(
      'tr',
      { testid: 'snapshot-row', 'data-snapshot': snapshot.name },
      cell(snapshot.name),
      cell(shortTime(snapshot.savedAt)),
      cell(snapshot.records),
      el(
        'td',
        { className: 'actions' },
        el('button', {
          testid: 'snapshot-restore',
          text: 'Restore',
          onclick: () => ctx.act(`Snapshot ${snapshot.name} restored`, () => ctx.admin('POST', `${snapshotPath(snapshot)}/restore`)),
        }),
        el('button', {
          testid: 'snapshot-delete',
          text: 'Delete',
          onclick: () => ctx.act(`Snapshot ${snapshot.name} deleted`, () => ctx.admin('DELETE', snapshotPath(snapshot))),
        }),
      ),
    );
  return {
    async refresh() {
      renderRows(byTestId('snapshots'), (await ctx.admin('GET', '/snapshots')).data, snapshotRow);
    },
  };
}
