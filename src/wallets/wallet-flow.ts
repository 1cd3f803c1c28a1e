/**
 * The payers' wallets of each client: written and read by the admin API, scenario files and the console's handset;
 * a push from the checkout page meets the wallet's state at once (wallet-prompt-gate.ts), and the payer's
 * answer on the phone (PIN or cancel) settles the order through the order flow, so its payment, events, webhooks
 * and status follow as for any move. Debits and statement lines are written by wallet-ledger.ts.
 */
import { failure } from '../errors/failures.ts';
import type { FlowDeps } from '../deps/deps.ts';
import { ID_PREFIX } from '../domain/ids.ts';
import { done, type Outcome } from '../domain/outcome.ts';
import { DEFAULT_PAYER } from '../domain/policy.ts';
import type { World } from '../deps/world.ts';
import type { OrderRecord, RecordWrite } from '../domain/records.ts';
import type { OrderFlow } from '../orders/order-flow.ts';
import type { Payer } from '../orders/transitions.ts';
import { pinMatches, rehashed } from './pin-hash.ts';
import { findWallet, openPrompt, spentOn, statementOf } from './wallet-reads.ts';
import { DEFAULT_LOCK_AFTER_WRONG_PINS, walletFields, type WalletInput } from './wallet-input.ts';
import { walletNumber, type WalletEntryRecord, type WalletRecord } from './wallet-record.ts';
import { refusalOf } from './wallet-payable.ts';

/** The payer typed a PIN: the order's event says so. */
const PIN = { by: 'payer', answer: 'pin' } as const;

export type PromptAnswer = { action: 'pin'; pin: string } | { action: 'cancel' };

export interface WalletFlow {
  list(clientId: string): ReadonlyArray<Readonly<WalletRecord>>;
  get(clientId: string, phone: string): Outcome<Readonly<WalletRecord>>;
  /** Create or change a wallet of the world's client (stamped on its clock): `created` says which. */
  put(world: World, phone: string, input: WalletInput): Outcome<{ wallet: WalletRecord; created: boolean }>;
  remove(clientId: string, phone: string): Outcome<Readonly<WalletRecord>>;
  /** The payer's answer to the prompt the phone shows. */
  answer(world: World, phone: string, answer: PromptAnswer): Outcome<OrderRecord>;
  statement(clientId: string, phone: string): Outcome<ReadonlyArray<Readonly<WalletEntryRecord>>>;
  /** The prompt the phone shows now (on the clock of its client's world, under its payer policy), if one is open. */
  promptOf(wallet: Readonly<WalletRecord>, world: World): ReturnType<typeof openPrompt>;
  spentToday(wallet: Readonly<WalletRecord>, world: World): number;
}

export interface WalletFlowParts {
  orders: Pick<OrderFlow, 'settle'>;
}

export function walletFlow(deps: FlowDeps, parts: WalletFlowParts): WalletFlow {
  const { store } = deps;
  const existing = (clientId: string, phone: string): Outcome<Readonly<WalletRecord>> => {
    const number = walletNumber(phone);
    if (!number) return failure('wallet_phone_refused', { phone });
    const wallet = store.findByKey<WalletRecord>('wallets', 'phone', clientId, number.phone);
    return wallet ? done(wallet) : failure('unknown_wallet', { phone: number.phone });
  };
  const promptOf = (wallet: Readonly<WalletRecord>, world: World) => openPrompt(store, wallet, world.policy.orders.payer ?? DEFAULT_PAYER, world.clock.nowMs());
  /** Settles the order of the phone's open prompt, with the wallet's own change written alongside. */
  const settleWith = (world: World, wallet: Readonly<WalletRecord>, orderId: string, cause: Parameters<OrderFlow['settle']>[3], status: 'PAID' | 'FAILED' | 'CANCELLED', changed?: WalletRecord) => {
    if (changed) store.put('wallets', changed);
    const settled = parts.orders.settle(world, orderId, status, cause);
    if (!settled.ok || !changed) return settled;
    return done(settled.value, [{ collection: 'wallets', record: changed }, ...settled.written], settled.events);
  };

  return {
    list: (clientId) => store.list<WalletRecord>('wallets', clientId),
    get: existing,
    put(world, phone, input) {
      const { clientId } = world;
      const number = walletNumber(phone);
      if (!number) return failure('wallet_phone_refused', { phone });
      const before = store.findByKey<WalletRecord>('wallets', 'phone', clientId, number.phone);
      const fields = walletFields(input, before);
      if (!fields.ok) return failure('wallet_field_missing', { field: fields.missing });
      const at = world.clock.now().toISOString();
      const wallet: WalletRecord = {
        ...(before ?? {
          id: deps.random.id(ID_PREFIX.wallet),
          clientId,
          phone: number.phone,
          provider: number.provider,
          balanceCentavos: 0,
          status: 'active' as const,
          wrongPins: 0,
          lockAfterWrongPins: DEFAULT_LOCK_AFTER_WRONG_PINS,
          createdAt: at,
        }),
        ...fields.fields,
        updatedAt: at,
      };
      const written: RecordWrite[] = [{ collection: 'wallets', record: wallet }];
      store.putMany(written);
      return done({ wallet, created: before === undefined }, written);
    },
    remove(clientId, phone) {
      const found = existing(clientId, phone);
      if (!found.ok) return found;
      store.remove('wallets', found.value.id);
      // The statement goes with its wallet: a wallet made again on the number starts a new one.
      for (const entry of statementOf(store, found.value)) store.remove('walletEntries', entry.id);
      return done(found.value, [{ collection: 'wallets', record: found.value }]);
    },
    answer(world, phone, answer) {
      const found = existing(world.clientId, phone);
      if (!found.ok) return found;
      const wallet = found.value;
      const prompt = promptOf(wallet, world);
      const orderId = prompt?.payment.orderId;
      if (!prompt || orderId === undefined) return failure('no_open_prompt', { phone: wallet.phone });
      const payer: Payer = { phone: wallet.phone, method: wallet.provider };
      if (answer.action === 'cancel') return settleWith(world, wallet, orderId, { payer, trigger: { by: 'payer', answer: 'cancel' }, reason: 'PAYER_CANCELLED' }, 'CANCELLED');
      if (!pinMatches(answer.pin, wallet.pinHash)) {
        const wrongPins = wallet.wrongPins + 1;
        const locked = wrongPins >= wallet.lockAfterWrongPins;
        const changed: WalletRecord = { ...wallet, wrongPins, ...(locked && { status: 'locked' as const }) };
        return settleWith(world, wallet, orderId, { payer, trigger: PIN, reason: 'WRONG_PIN' }, 'FAILED', changed);
      }
      // A right PIN starts the count of wrong ones again, and moves a hash of the older, fast format to scrypt.
      const pinHash = rehashed(answer.pin, wallet.pinHash);
      const changed: WalletRecord | undefined = wallet.wrongPins === 0 && pinHash === undefined ? undefined : { ...wallet, wrongPins: 0, ...(pinHash !== undefined && { pinHash }) };
      const reason = refusalOf(store, wallet, prompt.payment, world.clock.nowMs());
      return reason === undefined
        ? settleWith(world, wallet, orderId, { payer, trigger: PIN }, 'PAID', changed)
        : settleWith(world, wallet, orderId, { payer, trigger: PIN, reason }, 'FAILED', changed);
    },
    statement(clientId, phone) {
      const found = existing(clientId, phone);
      return found.ok ? done(statementOf(store, found.value)) : found;
    },
    promptOf,
    spentToday: (wallet, world) => spentOn(store, wallet, world.clock.nowMs()),
  };
}
