/**
 * The payers' wallets of a client (`/__admin/clients/{client_id}/wallets…`): written and read here, and the payer's
 * answer to the phone's prompt, which moves the order through the wallet flow (src/wallets/) and is made durable and
 * published like any admin change. Every time read is the client's own clock.
 */
import type { AdminHandlerTable, OperationInput } from '../handlers/handler.ts';
import { okData, type Reply } from '../domain/reply.ts';
import type { WalletRecord } from '../wallets/wallet-record.ts';
import { statementLineView, walletView } from '../wallets/wallet-view.ts';
import type { AdminContext } from './admin-context.ts';
import { unknownClient } from './client-handlers.ts';

export function walletHandlers(admin: AdminContext) {
  const { clients, clock } = admin.deps;
  const wallets = admin.flows.wallets;
  const view = (wallet: Readonly<WalletRecord>) =>
    walletView(wallet, wallets, (clientId) => clients.find(clientId)?.name ?? clientId, clock.forClient(wallet.clientId).nowMs());
  /** Runs `act` for a known client, with its id and the number of the path. */
  const forClient = async (input: OperationInput, act: (clientId: string, phone: string) => Reply | Promise<Reply>): Promise<Reply> => {
    const clientId = input.params['client_id'] ?? '';
    if (!clients.find(clientId)) return unknownClient(clientId);
    return act(clientId, input.params['phone'] ?? '');
  };
  return {
    listWallets: (input) => forClient(input, (clientId) => okData(wallets.list(clientId).map(view))),
    getWallet: (input) =>
      forClient(input, (clientId, phone) => {
        const found = wallets.get(clientId, phone);
        return found.ok ? okData(view(found.value)) : found;
      }),
    putWallet: (input) =>
      forClient(input, async (clientId, phone) => {
        const outcome = wallets.put(clientId, phone, input.body);
        if (!outcome.ok) return outcome;
        await admin.apply(outcome);
        // A wallet changed by hand (topped up, unlocked) may let a pending order's progression through.
        await admin.tick();
        return okData(view(outcome.value.wallet), outcome.value.created ? 201 : 200);
      }),
    deleteWallet: (input) =>
      forClient(input, async (clientId, phone) => {
        const outcome = wallets.remove(clientId, phone);
        if (!outcome.ok) return outcome;
        const shown = view(outcome.value);
        await admin.apply(outcome);
        return okData(shown);
      }),
    answerWalletPrompt: (input) =>
      forClient(input, async (clientId, phone) => {
        const outcome = wallets.answer(clientId, phone, input.body);
        if (!outcome.ok) return outcome;
        await admin.apply(outcome);
        const order = outcome.value;
        const payment = admin.flows.orders.paymentOf(order);
        const wallet = wallets.get(clientId, phone);
        if (!wallet.ok) return wallet;
        return okData({ orderId: order.id, status: order.status, ...(payment?.failureReason && { failureReason: payment.failureReason }), wallet: view(wallet.value) });
      }),
    getWalletStatement: (input) =>
      forClient(input, (clientId, phone) => {
        const found = wallets.statement(clientId, phone);
        return found.ok ? okData(found.value.map(statementLineView)) : found;
      }),
  } satisfies Partial<AdminHandlerTable>;
}
