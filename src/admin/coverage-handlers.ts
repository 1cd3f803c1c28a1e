/** A client's outcome coverage (coverage/): read it, each outcome with whether it can be armed (armed/), or start it afresh. */
import { armable } from '../armed/armable.ts';
import type { CoverageReport } from '../coverage/outcome-types.ts';
import type { AdminHandlerTable, OperationInput } from '../handlers/handler.ts';
import { okData } from '../domain/reply.ts';
import type { AdminContext } from './admin-context.ts';
import { unknownClient } from './client-handlers.ts';

export function coverageHandlers(admin: AdminContext) {
  const clientOf = (input: OperationInput) => String(input.query['clientId'] ?? '');
  const known = (clientId: string) => admin.deps.clients.find(clientId) !== undefined;
  return {
    getCoverage(input) {
      const clientId = clientOf(input);
      return known(clientId) ? okData(withArmability(admin.coverage.report(admin.worlds.of(clientId)))) : unknownClient(clientId);
    },
    async clearCoverage(input) {
      const clientId = clientOf(input);
      if (!known(clientId)) return unknownClient(clientId);
      const cleared = admin.coverage.clear(clientId);
      await admin.apply({ written: admin.state.persist() });
      return okData({ cleared });
    },
  } satisfies Partial<AdminHandlerTable>;
}

function withArmability(report: CoverageReport): CoverageReport {
  return { ...report, outcomes: report.outcomes.map((outcome) => ({ ...outcome, armable: armable(outcome.id).ok })) };
}
