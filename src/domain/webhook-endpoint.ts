/** A client's webhook endpoint: where its deliveries go and what signs them (webhooks/ keeps them; a world reads them). */
import type { WebhookFormat } from './webhook-secret.ts';

/** An endpoint as the configuration and the admin API set it. */
export interface WebhookEndpointInput {
  url: string;
  secret: string;
  /** How deliveries are signed: `mock` (X-Mock-Signature, the default) or `standard` (Standard Webhooks). */
  format?: WebhookFormat;
}

/** An endpoint in use: during a secret rotation, the secret it replaced still signs until `previousSecretExpiresAt`. */
export interface WebhookEndpoint extends WebhookEndpointInput {
  previousSecret?: string;
  /** Mock clock, ISO 8601. */
  previousSecretExpiresAt?: string;
}

