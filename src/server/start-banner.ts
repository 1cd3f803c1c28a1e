/**
 * The start-up banner: where a person on this machine opens the API, the admin API, the console and the docs, and
 * how to unlock the admin API when it is locked; what state the mock starts with (afresh, or what a restart
 * restored: start-state.ts), so a kept scenario or a moved clock is never a surprise. A wildcard bind (`0.0.0.0`, `::`, as in a container) is shown
 * through loopback: a browser cannot open `http://0.0.0.0:4010`, and a published port answers on the host's
 * loopback. Nothing secret is printed: the admin token never, a configured client's secret never.
 */
import { isLoopback } from '../domain/loopback-host.ts';
import { DEFAULT_CLIENTS, type Config } from '../platform/config.ts';
import { reachableOrigin } from './listening-server.ts';
import { describeClock, type RestoredState, type StartState } from './start-state.ts';

/** The environment variable the admin token is read from (the route a container or a CI secret takes). */
export const ADMIN_TOKEN_ENV = 'COMMERCE_MOCK_ADMIN_TOKEN';

export function startBanner(config: Config, state: StartState = { setAside: [], scenarios: [] }): string {
  const base = reachableOrigin(config.host, config.port);
  const wildcard = config.host === '0.0.0.0' || config.host === '::';
  const lines = [
    `commerce-mock listening on ${base}${wildcard ? `  (bound to ${config.host}: every interface)` : ''}`,
    `  API (canonical)  ${base}/v1`,
    `  API (aliases)    ${base}/api/v1  ${base}/api`,
    `  admin            ${base}/__admin${adminNote(config)}`,
    `  console          ${base}/__admin/ui`,
    `  health           ${base}/__admin/health`,
    `  docs             ${base}/docs`,
    `  store            ${config.inMemory ? 'in memory' : config.data}`,
    ...state.setAside.map(setAsideLine),
    ...(state.restored ? [`  restored         ${recordsText(state.restored)}; --reset starts afresh`] : []),
    ...(state.scenarios.length > 0 || state.restored ? [`  scenario         ${state.scenarios.join(', ') || 'none'}`] : []),
    ...(state.restored ? restoredLines(state.restored) : []),
    '  snapshots        in memory only: lost on restart (export the state to keep one)',
    ...config.clients.map(
      (client) =>
        `  credentials      client_id=${client.clientId} client_secret=${printableSecret(client)}${client.active && !state.deactivated?.includes(client.clientId) ? '' : '  (deactivated: CLIENT_INATIVO)'}`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}

function setAsideLine(event: StartState['setAside'][number]): string {
  const moved = event.movedTo.join(' and ');
  if (event.cause === 'reset') return `  reset            started afresh; ${moved ? `the earlier data moved to ${moved}` : 'there was no data file yet'}`;
  return `  set aside        ${event.file} could not be read (${event.reason ?? 'unreadable'}): moved to ${moved}; started afresh`;
}

/** `57 records (products 10, orders 20, …)`. */
function recordsText(restored: RestoredState): string {
  const counts = Object.entries(restored.records);
  const total = counts.reduce((sum, [, count]) => sum + count, 0);
  if (total === 0) return 'no records';
  return `${total} record${total === 1 ? '' : 's'} (${counts.map(([name, count]) => `${name} ${count}`).join(', ')})`;
}

function restoredLines(restored: RestoredState): string[] {
  const tenants = restored.tenants.map(
    (tenant) => `${tenant.clientId}${tenant.clock ? ` (own clock: ${describeClock(tenant.clock)})` : ''}${tenant.active ? '' : ' (deactivated)'}`,
  );
  return [
    `  clock            ${describeClock(restored.clock)}`,
    `  tenants          ${tenants.join(', ') || 'none'}`,
    `  deliveries       ${restored.pendingDeliveries === 0 ? 'none pending' : `${restored.pendingDeliveries} pending`}`,
  ];
}

/** Off loopback the admin API wants a bearer token: say so, and how to set one when none is set. */
function adminNote(config: Config): string {
  if (isLoopback(config.host)) return '';
  if (config.adminToken) return '  (send the admin token: Authorization: Bearer <token>; the console asks for it)';
  return `  (locked: set env ${ADMIN_TOKEN_ENV}=<8+ characters> and restart, or --admin-token)`;
}

/**
 * A client's secret as the banner shows it: the built-in clients' secrets are documentation (the README gives them),
 * any other secret came from the user's configuration and is never printed.
 */
function printableSecret(client: { clientId: string; clientSecret: string }): string {
  const builtIn = DEFAULT_CLIENTS.some((known) => known.clientId === client.clientId && known.clientSecret === client.clientSecret);
  return builtIn ? client.clientSecret : '*** (as configured)';
}
