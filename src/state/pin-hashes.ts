/**
 * The wallets' PIN hashes and the state export: `GET /__admin/state` leaves them out unless asked for
 * (`pinHashes=true`), since a PIN has few digits and even its slow hash is worth keeping to yourself; importing such
 * an export keeps each wallet's PIN as the mock holds it (same client, same number).
 */
import type { RecordOf, StoredRecord } from '../domain/records.ts';
import type { Store } from '../store/store-types.ts';
import type { ExportedState } from './mock-state.ts';

type Wallet = RecordOf<'wallets'>;
type Wallets = Record<string, StoredRecord>;

/** The state with every wallet's `pinHash` left out. */
export function withoutPinHashes(state: ExportedState): ExportedState {
  const wallets = mapWallets(state.store.collections.wallets, ({ pinHash: _left, ...wallet }) => wallet);
  return { ...state, store: { ...state.store, collections: { ...state.store.collections, wallets } } };
}

/** The state with each wallet that has no `pinHash` given the one of the wallet of its client and number in `store`. */
export function withHeldPins(state: ExportedState, store: Pick<Store, 'findByKey'>): ExportedState {
  const held = (wallet: Wallet) => store.findByKey<Wallet>('wallets', 'phone', wallet.clientId, wallet.phone)?.pinHash;
  const wallets = mapWallets(state.store.collections.wallets, (wallet) => {
    const pinHash = wallet.pinHash ?? held(wallet);
    return pinHash === undefined ? wallet : { ...wallet, pinHash };
  });
  return { ...state, store: { ...state.store, collections: { ...state.store.collections, wallets } } };
}

function mapWallets(wallets: Wallets | undefined, change: (wallet: Wallet) => object): Wallets {
  return Object.fromEntries(Object.entries(wallets ?? {}).map(([id, record]) => [id, change(record as Wallet) as StoredRecord]));
}
