/**
 * Snapshots are bounded: at most `snapshots.maxCount` of them and `snapshots.maxTotalBytes`
 * in all; a save past either → 409 conflito naming the bound, nothing saved; replacing a name and deleting one
 * make room.
 */
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/platform/config.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const names = async (t: TestApp) => ((await t.http.get('/__admin/snapshots').expect(200)).body.data as Array<{ name: string }>).map(({ name }) => name);

describe('snapshot limits', () => {
  it('default to 20 snapshots and 50 MiB', () => {
    expect(defaultConfig().snapshots).toEqual({ maxCount: 20, maxTotalBytes: 50 * 1024 * 1024 });
  });

  it('past maxCount → 409 naming the limit, nothing saved; replacing a name or deleting one makes room', async () => {
    const t = await createTestApp({ snapshots: { maxCount: 2 } });
    await t.http.post('/__admin/snapshots').send({ name: 'one' }).expect(201);
    await t.http.post('/__admin/snapshots').send({ name: 'two' }).expect(201);
    const full = await t.http.post('/__admin/snapshots').send({ name: 'three' }).expect(409);
    expect(full.body).toMatchObject({
      error: 'conflito',
      message: 'Limite de snapshots atingido: no máximo 2; apague um com DELETE /__admin/snapshots/{name}',
    });
    expect(await names(t)).toEqual(['one', 'two']);
    await t.http.post('/__admin/snapshots').send({ name: 'one' }).expect(201);
    await t.http.delete('/__admin/snapshots/two').expect(200);
    await t.http.post('/__admin/snapshots').send({ name: 'three' }).expect(201);
    expect(await names(t)).toEqual(['one', 'three']);
  });

  it('past maxTotalBytes → 409 naming the sizes, nothing saved', async () => {
    const probe = await createTestApp({ seedData: 'default' });
    const bytes = Buffer.byteLength(JSON.stringify((await probe.http.get('/__admin/state').expect(200)).body), 'utf8');
    // Room for one snapshot of this state, not two (ids and export time have the same lengths in every run).
    const t = await createTestApp({ seedData: 'default', snapshots: { maxTotalBytes: Math.floor(bytes * 1.5) } });
    await t.http.post('/__admin/snapshots').send({ name: 'first' }).expect(201);
    const full = await t.http.post('/__admin/snapshots').send({ name: 'second' }).expect(409);
    expect(full.body.error).toBe('conflito');
    expect(full.body.message).toMatch(/^Limite de tamanho dos snapshots atingido: \d+\.\d MiB passaria o máximo de \d+\.\d MiB; apague um/);
    expect(await names(t)).toEqual(['first']);
  });

  it('300 saves under distinct names keep at most 20', async () => {
    const t = await createTestApp();
    const statuses: number[] = [];
    for (let index = 0; index < 300; index += 1) statuses.push((await t.http.post('/__admin/snapshots').send({ name: `s${index}` })).status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(20);
    expect(statuses.filter((status) => status === 409)).toHaveLength(280);
    expect(await names(t)).toHaveLength(20);
  });
});
