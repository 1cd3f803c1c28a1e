/**
 * The webhook secret of `drill` and `listen`: `--secret`, else env `COMMERCE_MOCK_WEBHOOK_SECRET` (spelt like the
 * package's other variables, `COMMERCE_MOCK_ADMIN_TOKEN`). `COMMERCE_WEBHOOK_SECRET`, drill's first spelling, is
 * still read, with a one-line warning. A value that is there but cannot be a secret is refused here, naming where
 * it came from and never the value: an unset shell variable passed as `--secret "$X"` arrives as an empty string.
 */
import { STANDARD_SECRET_PREFIX, webhookSecretProblem, type WebhookFormat } from '../domain/webhook-secret.ts';

export const WEBHOOK_SECRET_ENV = 'COMMERCE_MOCK_WEBHOOK_SECRET';
export const DEPRECATED_WEBHOOK_SECRET_ENV = 'COMMERCE_WEBHOOK_SECRET';

/** The bounds of every webhook secret (the config file's, the admin API's, a drill's). */
const MIN_LENGTH = 8;
const MAX_LENGTH = 200;

/** How the two formats' secrets look, for the help and the errors. */
export const SECRET_SHAPES = `format standard: ${STANDARD_SECRET_PREFIX} and base64 of 24-64 random bytes; format mock: any ${MIN_LENGTH}-${MAX_LENGTH} characters`;

export type ChosenSecret = { ok: true; secret: string | undefined } | { ok: false; problem: string };

/**
 * The secret given, or none (undefined: the command's own default applies); `warn` gets the deprecation line.
 * `format`, when the command already knows it, checks the secret's shape too.
 */
export function chosenWebhookSecret(
  flag: string | undefined,
  env: Record<string, string | undefined>,
  warn: (line: string) => void,
  format?: WebhookFormat,
): ChosenSecret {
  if (flag !== undefined) return checked(flag, '--secret', format);
  const current = env[WEBHOOK_SECRET_ENV];
  if (current !== undefined) return checked(current, `env ${WEBHOOK_SECRET_ENV}`, format);
  const deprecated = env[DEPRECATED_WEBHOOK_SECRET_ENV];
  if (deprecated === undefined) return { ok: true, secret: undefined };
  warn(`env ${DEPRECATED_WEBHOOK_SECRET_ENV} is deprecated: name it ${WEBHOOK_SECRET_ENV}`);
  return checked(deprecated, `env ${DEPRECATED_WEBHOOK_SECRET_ENV}`, format);
}

function checked(secret: string, source: string, format: WebhookFormat | undefined): ChosenSecret {
  if (secret === '') return { ok: false, problem: `${source} is empty (an unset shell variable?): give the secret the receiver verifies with (${SECRET_SHAPES})` };
  if (secret.length < MIN_LENGTH || secret.length > MAX_LENGTH) return { ok: false, problem: `${source}: a webhook secret has ${MIN_LENGTH} to ${MAX_LENGTH} characters (${SECRET_SHAPES})` };
  const shape = format === undefined ? undefined : webhookSecretProblem(secret, format);
  if (shape) return { ok: false, problem: `${source}: ${shape} (${SECRET_SHAPES})` };
  return { ok: true, secret };
}
