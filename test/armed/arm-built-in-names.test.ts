/**
 * An outcome id is the caller's string: a name every JavaScript object answers to (`constructor`, `toString`,
 * `__proto__`) is no outcome of the catalogue. Arming one is refused as an unknown id, arms nothing, and the
 * mock's own export (and a snapshot of it) still imports.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.ts';

const ARMED = '/__admin/clients/mock-client/armed';
const BUILT_IN_NAMES = [...Object.getOwnPropertyNames(Object.prototype), '__proto__'];

describe('arming a built-in name of JavaScript objects', () => {
  it('is a 400 naming outcome for every name of Object.prototype; nothing is armed and the export still imports', async () => {
    const t = await createTestApp();
    await t.http.post(ARMED).send({ outcome: 'payer.WRONG_PIN' }).expect(201);
    const before = (await t.http.get(ARMED).expect(200)).body.data;
    await t.http.post('/__admin/snapshots').send({ name: 'before' }).expect(201);
    for (const name of BUILT_IN_NAMES) {
      const refused = await t.http.post(ARMED).send({ outcome: name }).expect(400);
      // `__proto__` and its kin fail the document's pattern for an id; the others are ids the catalogue lacks.
      expect(refused.body, name).toMatchObject({ error: 'invalid_request', details: [{ path: 'outcome' }] });
    }
    expect((await t.http.get(ARMED).expect(200)).body.data).toEqual(before);

    const exported = (await t.http.get('/__admin/state').expect(200)).body;
    await t.http.put('/__admin/state').send(exported).expect(200);
    await t.http.post('/__admin/snapshots').send({ name: 'after' }).expect(201);
    await t.http.post('/__admin/snapshots/after/restore').expect(200);
    await t.http.post('/__admin/snapshots/before/restore').expect(200);
    expect((await t.http.get(ARMED).expect(200)).body.data).toEqual(before);
  });
});
