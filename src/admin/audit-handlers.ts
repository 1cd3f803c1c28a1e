/**
 * A client's audit (`GET /__admin/clients/{client_id}/audit`, src/audit/): its rules read over what the mock kept of
 * this client alone (its journal entries, its deliveries, its drills), on its world's clock and token policy.
 */
import { runAudit } from '../audit/run-audit.ts';
import type { AuditSeverity } from '../audit/audit-types.ts';
import type { Drills } from '../drills/drills.ts';
import type { AdminHandlerTable } from '../handlers/handler.ts';
import { okData } from '../domain/reply.ts';
import type { AdminContext } from './admin-context.ts';
import { unknownClient } from './client-handlers.ts';

export function auditHandlers(admin: AdminContext, drills: Drills) {
  return {
    getAudit(input) {
      const clientId = input.params['client_id'] ?? '';
      if (!admin.deps.clients.find(clientId)) return unknownClient(clientId);
      const world = admin.worlds.of(clientId);
      const { entries, dropped } = admin.journal.trail(clientId);
      const evidence = {
        clientId,
        nowMs: world.nowMs(),
        requests: entries,
        dropped,
        deliveries: admin.webhooks.deliveries({ clientId }),
        drills: drills.ofClient(clientId),
        tokens: world.policy.tokens,
      };
      return okData(runAudit(evidence, admin.deps.config.audit, input.query['severity'] as AuditSeverity | undefined));
    },
  } satisfies Partial<AdminHandlerTable>;
}
