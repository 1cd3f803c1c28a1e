/** The webhook URL rules of this mock (domain/webhook-url.ts) for one admin call: its configuration and the Host it was reached by. */
import type { Config } from '../platform/config.ts';
import { ownOrigins, type WebhookUrlRules } from '../domain/webhook-url.ts';

export function webhookUrlRulesOf(config: Config, hostHeader: string | string[] | undefined): WebhookUrlRules {
  const host = typeof hostHeader === 'string' ? hostHeader : undefined;
  return {
    allowLinkLocal: config.webhookAllowLinkLocal,
    own: ownOrigins({ host: config.host, port: config.port, publicUrl: config.publicUrl, hostHeader: host }),
  };
}
