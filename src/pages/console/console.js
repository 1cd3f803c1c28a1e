/**
 * The QA console: builds the panels, one view per job (navigation.js), then refreshes them every 1.5 s (the
 * journal live, the clock and the token countdowns every second). Everything it shows comes from the admin API.
 */
import { adminToken } from './api.js';
import { clientPanel } from './client-panel.js';
import { clockPanel } from './clock-panel.js';
import { createContext, on, onSubmit } from './context.js';
import { deliveryPanel } from './delivery-panel.js';
import { coveragePanel } from './coverage-panel.js';
import { auditPanel } from './audit-panel.js';
import { handsetPanel } from './handset-panel.js';
import { byTestId } from './dom.js';
import { journalPanel } from './journal-panel.js';
import { navigation } from './navigation.js';
import { overviewPanel } from './overview-panel.js';
import { recordPanel } from './record-panel.js';
import { scenarioPanel } from './scenario-panel.js';
import { sendPanel } from './send-panel.js';
import { statePanel } from './state-panel.js';
import { storyPanel } from './story-panel.js';
import { tenantPanel } from './tenant-panel.js';

const REFRESH_MS = 1500;

const ctx = createContext();
const clients = clientPanel(ctx);
const clock = clockPanel(ctx);
const views = {
  overview: [overviewPanel(ctx)],
  clients: [clients, sendPanel(ctx)],
  clock: [clock, scenarioPanel(ctx)],
  phone: [handsetPanel(ctx)],
  records: [recordPanel(ctx)],
  webhooks: [deliveryPanel(ctx)],
  journal: [journalPanel(ctx)],
  coverage: [coveragePanel(ctx)],
  audit: [auditPanel(ctx)],
  state: [statePanel(ctx)],
  tenants: [tenantPanel(ctx)],
  story: [storyPanel(ctx)],
};
// Clients first: the others read the selected client and the client list; the clock next, for the countdowns.
const panels = [clients, clock, ...Object.values(views).flat().filter((panel) => panel !== clients && panel !== clock)];

const refreshAll = async () => {
  const saidAtStart = byTestId('message').dataset.seq;
  const viewAtStart = ctx.route.view;
  try {
    // A panel that costs a call per record (the overview, tenants, a story) refreshes only while its view shows.
    for (const panel of panels) if (!panel.onlyWhenShown || (views[ctx.route.view] ?? []).includes(panel)) await panel.refresh();
    if (byTestId('message').dataset.kind === 'offline') ctx.notify('');
  } catch (error) {
    // A refresh sent before the token was entered is refused; the next one carries it. A refresh that began before
    // an action said its outcome (a tenant deleted while its records were being read) must not hide that outcome:
    // the refresh queued after the action reports what still fails. No message for either.
    const saidMeanwhile = byTestId('message').dataset.seq !== saidAtStart;
    if (!error.stale && !saidMeanwhile) ctx.notify(error.message, error.status === 401 ? 'error' : 'offline');
  } finally {
    // How many refreshes have ended, and the view shown all through the last one (none when the view changed during
    // it): a test waits for a refresh that began after it acted, instead of a fixed time.
    document.body.dataset.refreshes = String(Number(document.body.dataset.refreshes ?? 0) + 1);
    if (ctx.route.view === viewAtStart) document.body.dataset.refreshedView = viewAtStart;
    else delete document.body.dataset.refreshedView;
  }
};
/** One refresh at a time; calls while one runs share the single one queued after it. */
let last = Promise.resolve();
let queued;
ctx.refresh = () => {
  queued ??= last.then(() => {
    queued = undefined;
    return refreshAll();
  });
  last = queued;
  return queued;
};

byTestId('admin-token').value = adminToken.get();
onSubmit('admin-token-form', () => {
  adminToken.set(byTestId('admin-token').value.trim());
  return ctx.act('Admin token kept for this tab', async () => {});
});
on('admin-token-forget', () => {
  adminToken.set('');
  byTestId('admin-token').value = '';
  return ctx.act('Admin token forgotten', async () => {});
});
ctx.onClientChange(() => void ctx.refresh());

const loop = async () => {
  await ctx.refresh();
  setTimeout(loop, REFRESH_MS);
};
setInterval(() => panels.forEach((panel) => panel.tick?.()), 1000);
navigation(ctx, views).start();
void loop();
