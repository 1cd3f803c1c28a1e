/** Reset (all, or one client), state export and import, and named snapshots (snapshots.ts). */
import { failure } from '../errors/failures.ts';
import type { OperationInput } from '../handling/handler.ts';
import { created, okData } from '../handling/reply.ts';
import type { AdminContext } from './admin-context.ts';
import type { ExportedState } from './mock-state.ts';
import type { Snapshot } from './snapshots.ts';
import { importedCatchUpExcess } from './imported-catch-up.ts';
import { importProblems } from './state-check.ts';
import { webhookUrlRulesOf } from './webhook-url-rules.ts';


const recordsIn = (state: ExportedState) =>
  Object.values(state.store.collections).reduce((sum, records) => sum + Object.keys(records ?? {}).length, 0);

const summary = (snapshot: Snapshot) => ({ name: snapshot.name, savedAt: snapshot.savedAt, records: recordsIn(snapshot.state) });

const MIB = 1024 * 1024;

export function stateHandlers(admin: AdminContext) {
  const { snapshots } = admin;
  const limits = admin.deps.config.snapshots;
  /**
   * Checked whole first (400, nothing applied; also when its subscriptions lag its clock by more than
   * `maxCatchUpPeriods` periods); then applied and caught up with the clock (orders due to move
   * have moved). Should either fail (500), the state from before is put back: a 500 leaves no change behind.
   */
  const importChecked = async (state: ExportedState, input: OperationInput) => {
    const problems = importProblems(state, webhookUrlRulesOf(admin.deps.config, input.headers['host']));
    if (problems.length > 0) {
      const [first] = problems;
      return failure('invalid_request', { message: `Estado recusado: ${first?.path}: ${first?.message}`, details: problems });
    }
    const excess = importedCatchUpExcess(state, admin.deps.config.maxCatchUpPeriods);
    if (excess) return failure('invalid_request', { message: `Estado recusado: clock.now: ${excess}`, details: [{ path: 'clock.now', message: excess }] });
    const before = admin.state.export();
    try {
      const imported = await admin.state.import(state);
      await admin.tick();
      return okData(imported);
    } catch (error) {
      await admin.state.import(before).catch(() => undefined);
      throw error;
    }
  };
  const snapshotsFull = (name: string, bytes: number) => {
    const others = [...snapshots.values()].filter((snapshot) => snapshot.name !== name);
    if (others.length + 1 > limits.maxCount) {
      return failure('conflict', { message: `Limite de snapshots atingido: no máximo ${limits.maxCount}; apague um com DELETE /__admin/snapshots/{name}` });
    }
    const total = others.reduce((sum, snapshot) => sum + snapshot.bytes, 0) + bytes;
    if (total > limits.maxTotalBytes) {
      const size = (value: number) => `${(value / MIB).toFixed(1)} MiB`;
      return failure('conflict', {
        message: `Limite de tamanho dos snapshots atingido: ${size(total)} passaria o máximo de ${size(limits.maxTotalBytes)}; apague um com DELETE /__admin/snapshots/{name}`,
      });
    }
    return undefined;
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
    importState: (input: OperationInput) => importChecked(input.body as ExportedState, input),
    listSnapshots: () => okData([...snapshots.values()].map(summary)),
    saveSnapshot(input: OperationInput) {
      const { name } = input.body as { name: string };
      const state = admin.state.export();
      const bytes = Buffer.byteLength(JSON.stringify(state), 'utf8');
      const full = snapshotsFull(name, bytes);
      if (full) return full;
      const snapshot = { name, savedAt: admin.deps.clock.now().toISOString(), state, bytes };
      snapshots.delete(name);
      snapshots.set(name, snapshot);
      return created(summary(snapshot));
    },
    async restoreSnapshot(input: OperationInput) {
      const snapshot = snapshots.get(input.params['name'] ?? '');
      if (!snapshot) return failure('not_found', { message: `Snapshot desconhecido: ${input.params['name']}` });
      return importChecked(snapshot.state, input);
    },
    deleteSnapshot(input: OperationInput) {
      const name = input.params['name'] ?? '';
      if (!snapshots.delete(name)) return failure('not_found', { message: `Snapshot desconhecido: ${name}` });
      return okData({ deleted: name });
    },
  };
}
