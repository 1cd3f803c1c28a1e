/**
 * operationId of spec/admin.yaml → handler; `satisfies` makes a missing or misspelt operation a type error, and
 * types each handler's body as the document declares it.
 */
import type { AdminHandlerTable } from '../handlers/handler.ts';
import type { AdminContext } from './admin-context.ts';
import { armedHandlers } from './armed-handlers.ts';
import { clientHandlers } from './client-handlers.ts';
import { clientClockHandlers } from './client-clock-handlers.ts';
import { clockHandlers } from './clock-handlers.ts';
import { createDrillsOf, drillHandlers } from './drill-handlers.ts';
import { auditHandlers } from './audit-handlers.ts';
import { coverageHandlers } from './coverage-handlers.ts';
import { trafficHandlers } from './traffic-handlers.ts';
import { healthHandlers } from './health-handlers.ts';
import { journalHandlers } from './journal-handlers.ts';
import { mcpHandlers } from './mcp-handlers.ts';
import { networkProfileHandlers } from './network-profile-handlers.ts';
import { orderHandlers } from './order-admin-handlers.ts';
import { pactStateHandlers } from './pact-state-handlers.ts';
import { recordHandlers } from './record-handlers.ts';
import { scenarioHandlers } from './scenario-handlers.ts';
import { storyHandlers } from './story-handlers.ts';
import { stateHandlers } from './state-handlers.ts';
import { tenantHandlers } from './tenant-handlers.ts';
import { walletHandlers } from './wallet-handlers.ts';
import { webhookHandlers } from './webhook-handlers.ts';

export function createAdminHandlers(admin: AdminContext) {
  // One set of drills per app: started by the drill routes, read by the audit.
  const drills = createDrillsOf(admin);
  return {
    ...healthHandlers(admin),
    ...clockHandlers(admin),
    ...clientClockHandlers(admin),
    ...tenantHandlers(admin),
    ...scenarioHandlers(admin),
    ...stateHandlers(admin),
    ...journalHandlers(admin),
    ...trafficHandlers(admin),
    ...clientHandlers(admin),
    ...recordHandlers(admin),
    ...orderHandlers(admin),
    ...storyHandlers(admin),
    ...webhookHandlers(admin),
    ...pactStateHandlers(admin),
    ...drillHandlers(admin, drills),
    ...walletHandlers(admin),
    ...coverageHandlers(admin),
    ...auditHandlers(admin, drills),
    ...armedHandlers(admin),
    ...networkProfileHandlers(admin),
    ...mcpHandlers(admin),
  } satisfies AdminHandlerTable;
}
