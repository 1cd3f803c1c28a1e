/** `mock.admin.drills.run(…)`: the SDK starts a drill and resolves with it once every case is judged. */
import { describe, expect, it } from 'vitest';
import { startMock } from '../../src/index.ts';
import { exampleReceiver, serversClosedAfterEach, STANDARD_SECRET } from '../support/drill-support.ts';

const serve = serversClosedAfterEach();

describe('mock.admin.drills', () => {
  it('run resolves with the judged drill; get reads it again', async () => {
    const url = await serve((await exampleReceiver(STANDARD_SECRET)).server);
    const mock = await startMock({ seedData: 'none', logLevel: 'silent' });
    try {
      const drill = await mock.admin.drills.run({ url, secret: STANDARD_SECRET, seed: 12 }, 10);
      expect(drill).toMatchObject({ status: 'passed', seed: 12, format: 'standard' });
      expect(drill.cases.map((result) => result.verdict)).toEqual(drill.cases.map(() => 'passed'));
      expect(await mock.admin.drills.get(drill.id)).toEqual(drill);
    } finally {
      await mock.stop();
    }
  });
});
