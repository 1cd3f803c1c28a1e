/**
 * The payers' wallets of a client (`/__admin/clients/{client_id}/wallets…`): written and read here, and the payer's
 * answer to the phone's prompt, which moves the order through the wallet flow (src/wallets/) and is made durable and
 * published like any admin change. Every time read is that of the client's world, resolved here at the boundary.
 */
import type { AdminHandlerTable, OperationInput } from '../handlers/handler.ts';
import { okData, type Reply } from '../domain/reply.ts';
import { statementLineView, walletView } from '../wallets/wallet-view.ts';
import type { World } from '../deps/world.ts';
import type { AdminContext } from './admin-context.ts';
import { unknownClient } from './client-handlers.ts';

export function walletHandlers(admin: AdminContext) {
  const { clients } = admin.deps;
  const wallets = admin.flows.wallets;
  const merchantOf = (clientId: string) => clients.find(clientId)?.name ?? clientId;
  /** Runs `act` for a known client, with its world and the number of the path. */
  const inWorld = async (input: OperationInput, act: (world: World, phone: string) => Reply | Promise<Reply>): Promise<Reply> => {
    const clientId = input.params['client_id'] ?? '';
    if (!clients.find(clientId)) return unknownClient(clientId);
    return act(admin.worlds.of(clientId), input.params['phone'] ?? '');
  };
  return {
    listWallets: (input) => inWorld(input, (world) => okData(wallets.list(world.clientId).map((wallet) => walletView(wallet, wallets, merchantOf, world)))),
    getWallet: (input) =>
      inWorld(input, (world, phone) => {
        const found = wallets.get(world.clientId, phone);
        return found.ok ? okData(walletView(found.value, wallets, merchantOf, world)) : found;
      }),
    putWallet: (input) =>
      inWorld(input, async (world, phone) => {
        const outcome = wallets.put(world, phone, input.body);
        if (!outcome.ok) return outcome;
        await admin.apply(outcome);
        // A wallet changed by hand (topped up, unlocked) may let a pending order's progression through.
        await admin.tick();
        return okData(walletView(outcome.value.wallet, wallets, merchantOf, world), outcome.value.created ? 201 : 200);
      }),
    deleteWallet: (input) =>
      inWorld(input, async (world, phone) => {
        const outcome = wallets.remove(world.clientId, phone);
        if (!outcome.ok) return outcome;
        const shown = walletView(outcome.value, wallets, merchantOf, world);
        await admin.apply(outcome);
        return okData(shown);
      }),
    answerWalletPrompt: (input) =>
      inWorld(input, async (world, phone) => {
        const outcome = wallets.answer(world, phone, input.body);
        if (!outcome.ok) return outcome;
        await admin.apply(outcome);
        const order = outcome.value;
        const payment = admin.flows.orders.paymentOf(order);
        const wallet = wallets.get(world.clientId, phone);
        if (!wallet.ok) return wallet;
        return okData({ orderId: order.id, status: order.status, ...(payment?.failureReason && { failureReason: payment.failureReason }), wallet: walletView(wallet.value, wallets, merchantOf, world) });
      }),
    getWalletStatement: (input) =>
      inWorld(input, (world, phone) => {
        const found = wallets.statement(world.clientId, phone);
        return found.ok ? okData(found.value.map(statementLineView)) : found;
      }),
  } satisfies Partial<AdminHandlerTable>;
}
