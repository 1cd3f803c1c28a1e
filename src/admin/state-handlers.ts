/** Reset (all, or one client), state export and import, and named snapshots kept in memory. */
import { failure } from '../core/failures.ts';
import type { OperationInput } from '../core/handler.ts';
import { created, okData } from '../core/reply.ts';
import type { AdminContext } from './admin-context.ts';
import type { ExportedState } from './mock-state.ts';
import { importedCatchUpExcess } from './imported-catch-up.ts';
import { importProblems } from './state-check.ts';

interface Snapshot {
  name: string;
  savedAt: string;
  state: ExportedState;
}

const recordsIn = (state: ExportedState) =>
  Object.values(state.store.collections).reduce((sum, records) => sum + Object.keys(records ?? {}).length, 0);

const summary = (snapshot: Snapshot) => ({ name: snapshot.name, savedAt: snapshot.savedAt, records: recordsIn(snapshot.state) });

export function stateHandlers(admin: AdminContext) {
  const snapshots = new Map<string, Snapshot>();
  /** An imported state is caught up with the clock before the answer: orders due to move have moved. */
  const importAndTick = async (state: ExportedState) => {
    const summary = await admin.state.import(state);
    await admin.tick();
    return summary;
  };
  return {
    async reset(input: OperationInput) {
      const clientId = (input.body as { clientId?: string } | undefined)?.clientId;
      if (clientId === undefined) {
        await admin.state.resetAll();
        return okData({ reset: true });
      }
      if (!admin.deps.clients.find(clientId)) return failure('not_found', { message: `Cliente desconhecido: ${clientId}` });
      return okData({ reset: true, clientId, removed: await admin.state.resetClient(clientId) });
    },
    exportState: () => ({ ok: true as const, status: 200, body: admin.state.export() }),
    async importState(input: OperationInput) {
      const state = input.body as ExportedState;
      const problems = importProblems(state);
      if (problems.length > 0) return failure('invalid_request', { details: problems });
      const excess = importedCatchUpExcess(state, admin.deps.config.maxCatchUpPeriods);
      if (excess) return failure('invalid_request', { details: [{ path: 'clock.now', message: excess }] });
      return okData(await importAndTick(state));
    },
    listSnapshots: () => okData([...snapshots.values()].map(summary)),
    saveSnapshot(input: OperationInput) {
      const { name } = input.body as { name: string };
      const snapshot = { name, savedAt: admin.deps.clock.now().toISOString(), state: admin.state.export() };
      snapshots.delete(name);
      snapshots.set(name, snapshot);
      return created(summary(snapshot));
    },
    async restoreSnapshot(input: OperationInput) {
      const snapshot = snapshots.get(input.params['name'] ?? '');
      if (!snapshot) return failure('not_found', { message: `Snapshot desconhecido: ${input.params['name']}` });
      return okData(await importAndTick(snapshot.state));
    },
    deleteSnapshot(input: OperationInput) {
      const name = input.params['name'] ?? '';
      if (!snapshots.delete(name)) return failure('not_found', { message: `Snapshot desconhecido: ${name}` });
      return okData({ deleted: name });
    },
  };
}
