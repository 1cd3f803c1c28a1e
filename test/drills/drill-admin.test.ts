/**
 * What `POST /__admin/drills` refuses (before anything is sent), what an unreachable receiver gives, and that a
 * drill's answers never show the secret.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.ts';
import { receiversClosedAfterEach } from '../support/webhook-receiver.ts';
import { runDrill, STANDARD_SECRET } from '../support/drill-support.ts';

const receiver = receiversClosedAfterEach();

describe('POST /__admin/drills', () => {
  it('refuses an unknown client, a client without endpoint and no secret, a secret its format refuses, and the mock itself', async () => {
    const hooks = await receiver();
    const t = await createTestApp({ clients: [{ clientId: 'mock-client', clientSecret: 'mock-secret', active: true }] });
    const unknown = await t.http.post('/__admin/drills').send({ url: hooks.url, clientId: 'nobody' }).expect(404);
    expect(unknown.body).toMatchObject({ error: 'not_found', message: 'Cliente desconhecido: nobody' });
    const missing = await t.http.post('/__admin/drills').send({ url: hooks.url }).expect(400);
    expect(missing.body).toMatchObject({
      error: 'invalid_request',
      message: 'Indique o segredo do recetor: o cliente mock-client não tem webhook configurado',
      details: [{ path: 'secret', message: 'obrigatório quando o cliente não tem webhook' }],
    });
    const notStandard = await t.http.post('/__admin/drills').send({ url: hooks.url, secret: 'plain-text-secret' }).expect(400);
    expect(notStandard.body.details).toEqual([{ path: 'secret', message: 'a secret of format "standard" starts with whsec_' }]);
    const self = await t.http.post('/__admin/drills').send({ url: 'http://127.0.0.1:4010/__admin/reset', secret: STANDARD_SECRET }).expect(400);
    expect(self.body.details?.[0]?.path).toBe('url');
    const tooShort = await t.http.post('/__admin/drills').send({ url: hooks.url, secret: STANDARD_SECRET, timeoutSeconds: 0 }).expect(400);
    expect(tooShort.body.details?.[0]?.path).toContain('timeoutSeconds');
    expect(hooks.received).toEqual([]);
    const unknownDrill = await t.http.get('/__admin/drills/drl_unknown').expect(404);
    expect(unknownDrill.body).toMatchObject({ error: 'not_found', message: 'Exercício de webhooks desconhecido: drl_unknown' });
  });

  it.each(['http://metadata.google.internal./hooks', 'http://instance-data./hooks', 'http://Metadata.Google.Internal/hooks', 'http://INSTANCE-DATA.EC2.INTERNAL./hooks'])(
    'refuses a cloud-metadata receiver spelt %s (400 naming url), and starts no drill',
    async (url) => {
      const t = await createTestApp();
      const refused = await t.http.post('/__admin/drills').send({ url, secret: STANDARD_SECRET }).expect(400);
      expect(refused.body.details).toEqual([{ path: 'url', message: expect.stringContaining('metadados') }]);
    },
  );

  it.each(['/__ADMIN/reset', '/%5F%5Fadmin/reset', '/x/../__admin/reset', '//__admin/clients/mock-client/deactivate'])(
    'refuses a receiver URL that spells the admin API as %s (400 naming url), and starts no drill',
    async (path) => {
      const t = await createTestApp();
      const refused = await t.http.post('/__admin/drills').send({ url: `http://127.0.0.1:4999${path}`, secret: STANDARD_SECRET }).expect(400);
      expect(refused.body.details?.[0]?.path).toBe('url');
      expect(t.deps.clients.isActive('mock-client')).toBe(true);
    },
  );

  it('a receiver nobody listens at ends the drill as unreachable after one attempt, every case pending', async () => {
    // Port 2: nobody listens there, and no test's server (all on ephemeral ports) can take it meanwhile.
    const url = 'http://127.0.0.1:2/hooks';
    const t = await createTestApp();
    const drill = await runDrill(t, { url, secret: STANDARD_SECRET });
    expect(drill.status).toBe('unreachable');
    expect(drill.problem).toBe(`the receiver at ${url} cannot be reached: ECONNREFUSED`);
    expect(drill.cases.map((result) => result.verdict)).toEqual(drill.cases.map(() => 'pending'));
  });

  it('answers with the plan at once and never shows the secret, given or taken from the endpoint', async () => {
    const hooks = await receiver();
    const t = await createTestApp();
    const started = await t.http.post('/__admin/drills').send({ url: hooks.url, secret: STANDARD_SECRET, seed: 3 }).expect(202);
    expect(started.body.data).toMatchObject({ status: 'running', seed: 3, format: 'standard', clientId: 'mock-client', url: hooks.url });
    expect(started.body.data.cases.every((result: { verdict: string }) => result.verdict === 'pending')).toBe(true);
    const finished = await runDrill(t, { url: hooks.url, secret: STANDARD_SECRET, seed: 3 });
    expect(JSON.stringify(finished)).not.toContain(STANDARD_SECRET.slice(6, 30));
  });
});
