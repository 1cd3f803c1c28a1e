/**
 * `startMock(options)`: the mock in this process, for a test suite. The CLI's start path (launchServer) with
 * test-friendly defaults: a free port on 127.0.0.1, state in memory unless `dataFile` is given, silent logs.
 * Public declaration surface: its types are mock-types.ts's; the server's stay in launch-mock.ts, which this file
 * calls but whose declarations a consumer never reaches.
 */
import { launchMock } from './launch-mock.ts';
import type { Mock, StartMockOptions } from './mock-types.ts';

export type { Mock, StartMockOptions } from './mock-types.ts';

export function startMock(options: StartMockOptions = {}): Promise<Mock> {
  return launchMock(options, {});
}
