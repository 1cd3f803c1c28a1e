/** Reset (all, or one client), state export and import, and named snapshots (snapshots.ts). */
import { failure } from '../errors/failures.ts';
import type { AdminHandlerTable, OperationInput } from '../handlers/handler.ts';
import { created, okData } from '../domain/reply.ts';
import type { AdminContext } from './admin-context.ts';
import type { ExportedState } from '../state/mock-state.ts';
import type { Snapshot } from '../state/snapshots.ts';
import { importedCatchUpExcess } from '../state/imported-catch-up.ts';
import { asExportedState, importProblems } from '../state/state-check.ts';
import { webhookUrlRulesOf } from './webhook-url-rules.ts';
import { withHeldPins, withoutPinHashes } from '../state/pin-hashes.ts';


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
      return failure('state_refused', { path: String(first?.path), problem: String(first?.message) }, { details: problems });
    }
    const excess = importedCatchUpExcess(state, admin.deps.config.maxCatchUpPeriods);
    if (excess) return failure('state_clock_refused', { problem: excess });
    const before = admin.state.export();
    try {
      // An export made without the PIN hashes keeps each wallet's PIN as the mock holds it.
      const imported = await admin.state.import(withHeldPins(state, admin.deps.store));
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
      return failure('snapshot_count_cap', { max: limits.maxCount });
    }
    const total = others.reduce((sum, snapshot) => sum + snapshot.bytes, 0) + bytes;
    if (total > limits.maxTotalBytes) {
      const size = (value: number) => `${(value / MIB).toFixed(1)} MiB`;
      return failure('snapshot_size_cap', { total: size(total), max: size(limits.maxTotalBytes) });
    }
    return undefined;
  };
  return {
    async reset(input) {
      const clientId = input.body?.clientId;
      if (clientId === undefined) {
        await admin.state.resetAll();
        return okData({ reset: true });
      }
      if (!admin.deps.clients.find(clientId)) return failure('unknown_client', { clientId });
      return okData({ reset: true, clientId, removed: await admin.state.resetClient(clientId) });
    },
    exportState: (input) => {
      const state = admin.state.export();
      return { ok: true as const, status: 200, body: input.query['pinHashes'] === true ? state : withoutPinHashes(state) };
    },
    importState: (input) => importChecked(asExportedState(input.body), input),
    listSnapshots: () => okData([...snapshots.values()].map(summary)),
    saveSnapshot(input) {
      const { name } = input.body;
      const state = admin.state.export();
      const bytes = Buffer.byteLength(JSON.stringify(state), 'utf8');
      const full = snapshotsFull(name, bytes);
      if (full) return full;
      const snapshot = { name, savedAt: admin.deps.clock.now().toISOString(), state, bytes };
      snapshots.delete(name);
      snapshots.set(name, snapshot);
      return created(summary(snapshot));
    },
    async restoreSnapshot(input) {
      const snapshot = snapshots.get(input.params['name'] ?? '');
      if (!snapshot) return failure('unknown_snapshot', { name: String(input.params['name']) });
      return importChecked(snapshot.state, input);
    },
    deleteSnapshot(input) {
      const name = input.params['name'] ?? '';
      if (!snapshots.delete(name)) return failure('unknown_snapshot', { name });
      return okData({ deleted: name });
    },
  } satisfies Partial<AdminHandlerTable>;
}
