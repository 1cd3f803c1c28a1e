/**
 * A target that never answers, and the fallback mock's authentication. Silence past `--timeout` is a 504
 * `destino_sem_resposta`, or the fallback's answer with `--fallback mock`; the fallback authenticates as the mock
 * does, with the mock's own clients: their credentials get tokens, a bearer the mock did not issue (nor the target
 * through this proxy) gets the mock's 401 `invalid_token`, never data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, proxyRefusal, reportOf, startProxy, startRawTarget, tokenThrough, type RawTarget, type RunningProxy } from '../support/proxy-helpers.ts';

describe('a target that accepts the connection and never answers', () => {
  let silent: RawTarget;
  // The requests it holds are never answered; stopping it closes their connections.
  beforeAll(async () => (silent = await startRawTarget(() => undefined)));
  afterAll(() => silent.stop());

  it('is answered 504 destino_sem_resposta after --timeout, without a fallback', async () => {
    const proxy = await startProxy(['--target', silent.url, '--timeout', '0.3']);
    try {
      const answer = await fetch(`${proxy.url}/v1/products`, { headers: { Authorization: 'Bearer t', 'X-Request-Id': 'req-timeout-1' } });
      expect(answer.status).toBe(504);
      expect(await proxyRefusal(answer, 'TargetTimeout')).toEqual({ error: 'destino_sem_resposta', message: 'O serviço de destino não respondeu a tempo', requestId: 'req-timeout-1' });
      expect((await reportOf(proxy)).operations).toEqual([]);
      expect(proxy.stdout()).toContain('GET /v1/products → 504 (the target was silent)');
    } finally {
      await proxy.stop();
    }
  });

  it('with --fallback mock and a --timeout shorter than the mock takes, still gets the mock\'s answer (the bound is the target\'s)', async () => {
    const proxy = await startProxy(['--target', silent.url, '--timeout', '0.001', '--fallback', 'mock']);
    try {
      const token = await tokenThrough(proxy.url);
      expect(token).toMatch(/\S{20,}/);
      expect(proxy.stdout()).toContain('POST /v1/auth/token → 200 (answered by the mock: the target did not answer in time)');
    } finally {
      await proxy.stop();
    }
  });

  describe('with --fallback mock', () => {
    let proxy: RunningProxy;
    beforeAll(async () => (proxy = await startProxy(['--target', silent.url, '--timeout', '0.3', '--fallback', 'mock'])));
    afterAll(() => proxy.stop());

    it('issues tokens to the mock\'s own clients, and serves data to those tokens', async () => {
      const token = await tokenThrough(proxy.url);
      const products = await call(proxy.url, 'GET', '/v1/products', { token });
      expect(products.status).toBe(200);
      expect(Array.isArray(products.body.data)).toBe(true);
      expect(proxy.stdout()).toContain('GET /v1/products → 200 (answered by the mock: the target did not answer in time)');
    });

    it('answers a garbage bearer with the mock\'s 401 invalid_token, not data', async () => {
      const answer = await fetch(`${proxy.url}/v1/products`, { headers: { Authorization: 'Bearer garbage-not-a-token' } });
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer .*error="invalid_token"/);
      expect(await answer.json()).toMatchObject({ error: 'invalid_token', message: 'Token de acesso ausente, malformado ou desconhecido' });
    });

    it('refuses credentials the mock does not know: 401 CLIENT_INVALIDO', async () => {
      const answer = await call(proxy.url, 'POST', '/v1/auth/token', { body: { client_id: 'real-client', client_secret: 'real-secret', grant_type: 'client_credentials' } });
      expect(answer).toMatchObject({ status: 401, body: { error: 'CLIENT_INVALIDO' } });
    });
  });
});
