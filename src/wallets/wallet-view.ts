/**
 * A wallet and its statement as the admin API answers them: MZN amounts (from centavos), no PIN, and the prompt the
 * phone shows in the phone's own words ("Confirme o pagamento de 886,00 MZN a Default merchant").
 */
import { formatMzn, fromCentavos, type Centavos } from '../domain/money.ts';
import type { World } from '../deps/world.ts';
import { promptSecondsLeft } from '../orders/payer-prompt.ts';
import type { WalletFlow } from './wallet-flow.ts';
import type { WalletEntryRecord, WalletRecord } from './wallet-record.ts';

const mzn = (centavos: number) => fromCentavos(centavos as Centavos);

export function walletView(wallet: Readonly<WalletRecord>, flow: Pick<WalletFlow, 'promptOf' | 'spentToday'>, merchantOf: (clientId: string) => string, world: World) {
  const prompt = flow.promptOf(wallet, world);
  const nowMs = world.clock.nowMs();
  const merchant = merchantOf(wallet.clientId);
  return {
    phone: wallet.phone,
    provider: wallet.provider,
    balance: mzn(wallet.balanceCentavos),
    limits: {
      ...(wallet.perTransactionCentavos !== undefined && { perTransaction: mzn(wallet.perTransactionCentavos) }),
      ...(wallet.perDayCentavos !== undefined && { perDay: mzn(wallet.perDayCentavos) }),
    },
    status: wallet.status,
    wrongPins: wallet.wrongPins,
    lockAfterWrongPins: wallet.lockAfterWrongPins,
    spentToday: mzn(flow.spentToday(wallet, world)),
    ...(prompt?.payment.orderId !== undefined && {
      prompt: {
        paymentId: prompt.payment.id,
        orderId: prompt.payment.orderId,
        amount: prompt.payment.amount,
        merchant,
        text: `Confirme o pagamento de ${formatMzn(prompt.payment.amount).replace(/\u00a0/g, ' ')} a ${merchant}`,
        expiresAt: new Date(prompt.expiresMs).toISOString(),
        secondsLeft: promptSecondsLeft(prompt.expiresMs, nowMs),
      },
    }),
    createdAt: wallet.createdAt,
    updatedAt: wallet.updatedAt,
  };
}

export function statementLineView(entry: Readonly<WalletEntryRecord>) {
  return {
    at: entry.createdAt,
    kind: entry.kind,
    amount: mzn(entry.amountCentavos),
    balanceAfter: mzn(entry.balanceAfterCentavos),
    paymentId: entry.paymentId,
    ...(entry.orderId !== undefined && { orderId: entry.orderId }),
    ...(entry.subscriptionId !== undefined && { subscriptionId: entry.subscriptionId }),
    ...(entry.failureReason !== undefined && { failureReason: entry.failureReason }),
  };
}
