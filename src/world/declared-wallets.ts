/**
 * A scenario's declared wallets, set for the client it is activated for (activate-world.ts: the configuration, the
 * admin API, a new tenant): each declared number is set to the declared state — balance, PIN, limits (an absent
 * one removed), status (active unless declared), the wrong-PIN count started again — as re-activating a scenario
 * starts its payers afresh; with `keepExisting` (a restart), a number the client already has a wallet for is left
 * as it is. Wallets the scenario does not declare, and every statement, are kept; deactivating leaves the wallets
 * as they are.
 */
import { done, type Outcome } from '../domain/outcome.ts';
import type { RecordWrite } from '../domain/records.ts';
import type { Scenario } from '../scenarios/scenario-schema.ts';
import { DEFAULT_LOCK_AFTER_WRONG_PINS } from '../wallets/wallet-input.ts';
import type { WalletFlow } from '../wallets/wallet-flow.ts';
import type { World } from '../deps/world.ts';

export function setDeclaredWallets(
  wallets: Pick<WalletFlow, 'put' | 'get'>,
  scenario: Pick<Scenario, 'wallets'>,
  world: World,
  keepExisting = false,
): Outcome<number> {
  const { clientId } = world;
  const written: RecordWrite[] = [];
  for (const declared of scenario.wallets ?? []) {
    if (keepExisting && wallets.get(clientId, declared.phone).ok) continue;
    const outcome = wallets.put(world, declared.phone, {
      balance: declared.balance,
      pin: declared.pin,
      limits: { perTransaction: declared.limits?.perTransaction ?? null, perDay: declared.limits?.perDay ?? null },
      status: declared.status ?? 'active',
      lockAfterWrongPins: declared.lockAfterWrongPins ?? DEFAULT_LOCK_AFTER_WRONG_PINS,
    });
    if (!outcome.ok) return outcome;
    written.push(...outcome.written);
  }
  return done(written.length, written);
}
