/**
 * The package entry (`import { startMock } from 'commerce-mock'`): start the mock inside a test suite, and drive
 * any running mock through its admin API.
 */
export { startMock, type Mock, type StartMockOptions } from './sdk/start-mock.ts';
export {
  createAdminClient,
  type AdminClient,
  type AdminClientOptions,
  type AdminSchemas,
  type ClockChange,
  type CountFilter,
  type DeliveryFilter,
  type AuditFilter,
  type JournalFilter,
  type NewClient,
  type OrderTransition,
  type PageQuery,
} from './sdk/admin-client.ts';
export type { ArmOptions } from './sdk/admin-outcomes.ts';
export type { ArmableOutcomeId } from './armed/armable-ids.ts';
export { AdminError } from './admin-http/admin-error.ts';
export type { ConfigInput } from './platform/config.ts';
