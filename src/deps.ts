/** Everything the app needs from outside, injected by `main.ts` (or by a test). */
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { ExchangeObserver } from './http/context.ts';
import type { Logger } from './log.ts';
import type { Random } from './random.ts';
import type { Store } from './store/types.ts';

export interface AppDeps {
  config: Config;
  clock: Clock;
  random: Random;
  store: Store;
  /** Defaults to silent. */
  logger?: Logger;
  /** Called with every reply the mock sends (request journal, test-time response validation). */
  observers?: ExchangeObserver[];
}
