/** The admin client's wallets of one client (`clients.wallets(clientId)`): its payers' wallets, the phone's prompt, the statement. */
import type { AdminSend, RequestOf } from '../admin-http/admin-transport.ts';

export type WalletInput = RequestOf<'putWallet'>['body'];
export type PromptAnswer = RequestOf<'answerWalletPrompt'>['body'];

export function walletMethods(send: AdminSend, clientId: string) {
  const data = <T>(answer: Promise<{ data: T }>): Promise<T> => answer.then((body) => body.data);
  const at = (phone: string) => ({ path: { client_id: clientId, phone } });
  return {
    list: () => data(send('listWallets', { path: { client_id: clientId } })),
    get: (phone: string) => data(send('getWallet', at(phone))),
    /** Creates a wallet (balance and PIN required) or changes one (fields not sent are kept). */
    put: (phone: string, wallet: WalletInput) => data(send('putWallet', { ...at(phone), body: wallet })),
    delete: (phone: string) => data(send('deleteWallet', at(phone))),
    /** The payer answers the prompt the phone shows: `{ action: 'pin', pin }` or `{ action: 'cancel' }`. */
    answer: (phone: string, answer: PromptAnswer) => data(send('answerWalletPrompt', { ...at(phone), body: answer })),
    statement: (phone: string) => data(send('getWalletStatement', at(phone))),
  };
}
