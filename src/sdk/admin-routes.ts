/**
 * Where each operation of spec/admin.yaml lives: operationId → `METHOD /path` (under `/__admin`). Typed against
 * the generated document types, so an operation missing here fails the typecheck; a test checks each route
 * against spec/admin.yaml.
 */
import type { operations, paths } from '../generated/admin-types.gen.ts';

export type AdminOperationId = keyof operations;

export type AdminRoute = `${'GET' | 'POST' | 'PUT' | 'DELETE'} ${keyof paths}`;

export const ADMIN_ROUTES = {
  getHealth: 'GET /health',
  getClock: 'GET /clock',
  changeClock: 'POST /clock',
  advanceClock: 'POST /clock/advance',
  setClock: 'POST /clock/set',
  freezeClock: 'POST /clock/freeze',
  resumeClock: 'POST /clock/resume',
  runGlobalClockUntilIdle: 'POST /clock/run-until-idle',
  getClientClock: 'GET /clients/{client_id}/clock',
  releaseClientClock: 'DELETE /clients/{client_id}/clock',
  advanceClientClock: 'POST /clients/{client_id}/clock/advance',
  setClientClock: 'POST /clients/{client_id}/clock/set',
  freezeClientClock: 'POST /clients/{client_id}/clock/freeze',
  resumeClientClock: 'POST /clients/{client_id}/clock/resume',
  runClientClockUntilIdle: 'POST /clients/{client_id}/clock/run-until-idle',
  createTenant: 'POST /tenants',
  deleteTenant: 'DELETE /tenants/{client_id}',
  listScenarios: 'GET /scenarios',
  getActiveScenarios: 'GET /scenarios/active',
  activateScenario: 'PUT /scenarios/active',
  deactivateScenario: 'DELETE /scenarios/active',
  reset: 'POST /reset',
  exportState: 'GET /state',
  importState: 'PUT /state',
  listSnapshots: 'GET /snapshots',
  saveSnapshot: 'POST /snapshots',
  deleteSnapshot: 'DELETE /snapshots/{name}',
  restoreSnapshot: 'POST /snapshots/{name}/restore',
  listRequests: 'GET /requests',
  clearRequests: 'DELETE /requests',
  countRequests: 'GET /requests/count',
  getRequest: 'GET /requests/{request_id}',
  listClients: 'GET /clients',
  createClient: 'POST /clients',
  deactivateClient: 'POST /clients/{client_id}/deactivate',
  reactivateClient: 'POST /clients/{client_id}/reactivate',
  listClientTokens: 'GET /clients/{client_id}/tokens',
  revokeClientTokens: 'POST /clients/{client_id}/tokens/revoke',
  expireClientTokens: 'POST /clients/{client_id}/tokens/expire',
  getClientCredentials: 'GET /clients/{client_id}/credentials',
  listClientOrders: 'GET /clients/{client_id}/orders',
  listClientSubscriptions: 'GET /clients/{client_id}/subscriptions',
  listClientPayments: 'GET /clients/{client_id}/payments',
  setClientWebhook: 'PUT /clients/{client_id}/webhook',
  deleteClientWebhook: 'DELETE /clients/{client_id}/webhook',
  transitionOrder: 'POST /orders/{order_id}/transition',
  listWebhookDeliveries: 'GET /webhooks/deliveries',
  resendWebhookDelivery: 'POST /webhooks/deliveries/{delivery_id}/resend',
  changePactProviderState: 'POST /pact/provider-states',
  producePactMessage: 'POST /pact/messages',
  startDrill: 'POST /drills',
  getDrill: 'GET /drills/{drill_id}',
  getCoverage: 'GET /coverage',
  clearCoverage: 'DELETE /coverage',
} as const satisfies Record<AdminOperationId, AdminRoute>;
