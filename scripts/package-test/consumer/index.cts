// A CommonJS consumer in TypeScript (a .cts file compiles to require()): the same package, the same types.
import { startMock, type Mock } from 'commerce-mock';

export async function startedMock(): Promise<Mock> {
  return startMock({ seed: 7 });
}
