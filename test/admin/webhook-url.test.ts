/**
 * Where webhooks may go: http(s) without credentials, never the mock itself or any mock's
 * admin API, no link-local or metadata address unless `webhookAllowLinkLocal` says so; loopback receivers on
 * other ports keep working. Refused through the admin API (400 naming `url`, endpoint unchanged) and in the
 * configuration (the field named).
 */
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/platform/config.ts';
import { isLinkLocalOrMetadata, webhookUrlProblem } from '../../src/domain/webhook-url.ts';
import { createTestApp } from '../support/test-app.ts';

const SECRET = 'whsec-12345678';
const HOST = 'localhost:4555';

const refused: Array<[string, string]> = [
  ['http://169.254.169.254/latest/meta-data/', 'endereço link-local ou de metadados recusado (permita-o com a opção webhookAllowLinkLocal)'],
  ['http://2852039166/latest/meta-data/', 'endereço link-local ou de metadados recusado (permita-o com a opção webhookAllowLinkLocal)'],
  ['http://[fd00:ec2::254]/latest/meta-data/', 'endereço link-local ou de metadados recusado (permita-o com a opção webhookAllowLinkLocal)'],
  ['http://[fe80::1]:8080/hook', 'endereço link-local ou de metadados recusado (permita-o com a opção webhookAllowLinkLocal)'],
  ['http://[::ffff:169.254.169.254]/x', 'endereço link-local ou de metadados recusado (permita-o com a opção webhookAllowLinkLocal)'],
  ['http://metadata.google.internal/computeMetadata/v1/', 'endereço link-local ou de metadados recusado (permita-o com a opção webhookAllowLinkLocal)'],
  ['http://metadata.google.internal./computeMetadata/v1/', 'endereço link-local ou de metadados recusado (permita-o com a opção webhookAllowLinkLocal)'],
  ['http://instance-data./latest/meta-data/', 'endereço link-local ou de metadados recusado (permita-o com a opção webhookAllowLinkLocal)'],
  ['http://Metadata.Goog./x', 'endereço link-local ou de metadados recusado (permita-o com a opção webhookAllowLinkLocal)'],
  ['http://INSTANCE-DATA.ec2.internal../x', 'endereço link-local ou de metadados recusado (permita-o com a opção webhookAllowLinkLocal)'],
  [`http://localhost.:4555/hooks`, 'a própria origem do mock não recebe webhooks'],
  ['http://user:pass@127.0.0.1:9000/hook', 'a URL não pode levar credenciais (utilizador:senha@)'],
  [`http://${HOST}/__admin/clients/mock-client/deactivate`, 'a API de administração de um mock não recebe webhooks'],
  ['http://127.0.0.1:9000/__admin/reset', 'a API de administração de um mock não recebe webhooks'],
  [`http://${HOST}/hooks`, 'a própria origem do mock não recebe webhooks'],
  ['http://127.0.0.1:4555/hooks', 'a própria origem do mock não recebe webhooks'],
  ['http://[::1]:4555/hooks', 'a própria origem do mock não recebe webhooks'],
];

describe('PUT /__admin/clients/{id}/webhook', () => {
  it.each(refused)('%s → 400 naming url, endpoint unchanged', async (url, message) => {
    const t = await createTestApp();
    await t.http.put('/__admin/clients/mock-client/webhook').set('Host', HOST).send({ url: 'http://127.0.0.1:9999/hook', secret: SECRET }).expect(200);
    const response = await t.http.put('/__admin/clients/mock-client/webhook').set('Host', HOST).send({ url, secret: SECRET }).expect(400);
    expect(response.body).toMatchObject({ error: 'invalid_request', message: `URL de webhook recusada: ${message}`, details: [{ path: 'url', message }] });
    expect(t.core.webhooks.endpoint('mock-client')).toEqual({ url: 'http://127.0.0.1:9999/hook', secret: SECRET });
  });

  it('loopback receivers on other ports, and public hosts, are accepted', async () => {
    const t = await createTestApp();
    for (const url of ['http://127.0.0.1:4556/hook', 'http://localhost:3000/webhooks', 'http://[::1]:8080/x', 'https://hooks.example.com/commerce']) {
      await t.http.put('/__admin/clients/mock-client/webhook').set('Host', HOST).send({ url, secret: SECRET }).expect(200);
      expect(t.core.webhooks.endpoint('mock-client')?.url).toBe(url);
    }
  });

  it('webhookAllowLinkLocal: true lets a link-local receiver through (and still refuses the mock itself)', async () => {
    const t = await createTestApp({ webhookAllowLinkLocal: true });
    await t.http.put('/__admin/clients/mock-client/webhook').send({ url: 'http://169.254.10.20:8080/hook', secret: SECRET }).expect(200);
    await t.http.put('/__admin/clients/mock-client/webhook').set('Host', HOST).send({ url: `http://${HOST}/x`, secret: SECRET }).expect(400);
  });
});

describe('webhook URLs in the configuration', () => {
  it('a client webhook at the metadata address, with credentials or at the mock itself is refused naming the field', () => {
    const client = (url: string) => ({ clientId: 'c', clientSecret: 's', webhook: { url, secret: SECRET } });
    const result = parseConfig(
      {
        port: 4010,
        clients: [client('http://169.254.169.254/latest/meta-data/'), { ...client('http://u:p@127.0.0.1:9/h'), clientId: 'd' }, { ...client('http://localhost:4010/h'), clientId: 'e' }],
      },
      '--config mock.json',
    );
    expect(result).toEqual({
      ok: false,
      problems: [
        '--config mock.json: clients.0.webhook.url: endereço link-local ou de metadados recusado (permita-o com a opção webhookAllowLinkLocal)',
        '--config mock.json: clients.1.webhook.url: a URL não pode levar credenciais (utilizador:senha@)',
        '--config mock.json: clients.2.webhook.url: a própria origem do mock não recebe webhooks',
      ],
    });
    expect(parseConfig({ webhookAllowLinkLocal: true, clients: [client('http://169.254.169.254/x')] }).ok).toBe(true);
    expect(parseConfig({ clients: [client('http://127.0.0.1:9000/hook')] }).ok).toBe(true);
  });

  it('recognises link-local and metadata hosts as URL writes them', () => {
    expect(['169.254.0.1', '[fe80::abcd]', '[fd00:ec2::254]', 'metadata.google.internal'].map(isLinkLocalOrMetadata)).toEqual([true, true, true, true]);
    expect(['metadata.google.internal.', 'Instance-Data.', 'METADATA.GOOG'].map(isLinkLocalOrMetadata)).toEqual([true, true, true]);
    expect(['169.253.0.1', '10.0.0.1', '[fd00:ec2::253]', 'example.com'].map(isLinkLocalOrMetadata)).toEqual([false, false, false, false]);
    expect(webhookUrlProblem('ftp://example.com/x')).toBe('só são aceites URLs http ou https');
    expect(webhookUrlProblem('not-a-url')).toBe('URL inválida');
    for (const text of ['not a url', 'http://127.0.0.1:9/a b', 'http://127.0.0.1:9/h?q="x"', 'http://127.0.0.1:9/%zz']) {
      expect(webhookUrlProblem(text), text).toMatch(/^URL inválida: só caracteres de um URI/);
    }
  });
});
