/**
 * The one error catalogue: every failure the mock can answer, keyed by a reason, with the API's error code,
 * HTTP status and Portuguese message (the service speaks Portuguese). Flows and stages return
 * `failure(reason)`; the reply writer turns it into the error body.
 */
export const ERRORS = {
  invalid_request: { status: 400, code: 'invalid_request', message: 'Parâmetros inválidos' },
  malformed_json: { status: 400, code: 'invalid_request', message: 'JSON malformado no corpo do pedido' },
  unknown_reference: { status: 400, code: 'invalid_request', message: 'Referência desconhecida' },
  token_limit_reached: {
    status: 400,
    code: 'invalid_request',
    message: 'Limite de 5 tokens ativos por cliente atingido',
  },
  webhook_secret_refused: { status: 400, code: 'invalid_request', message: 'Segredo de webhook recusado para este formato' },
  foreign_token: { status: 400, code: 'invalid_request', message: 'O token pertence a outro cliente' },
  body_too_large: { status: 413, code: 'invalid_request', message: 'Corpo do pedido excede o limite de 1 MiB' },
  unsupported_media_type: { status: 415, code: 'invalid_request', message: 'Content-Type não suportado por esta operação' },
  cross_site: { status: 403, code: 'origem_recusada', message: 'Pedido de outra origem recusado' },
  foreign_host: { status: 403, code: 'host_recusado', message: 'Host desconhecido: este mock não é alcançado por esse nome' },
  client_invalid: { status: 401, code: 'CLIENT_INVALIDO', message: 'Credenciais do cliente inválidas' },
  client_inactive: { status: 403, code: 'CLIENT_INATIVO', message: 'Cliente desativado' },
  token_expired: { status: 401, code: 'TOKEN_EXPIRADO', message: 'Token expirado' },
  token_revoked: { status: 401, code: 'TOKEN_REVOGADO', message: 'Token revogado' },
  invalid_token: { status: 401, code: 'invalid_token', message: 'Token de acesso ausente, malformado ou desconhecido' },
  not_found: { status: 404, code: 'not_found', message: 'Recurso não encontrado' },
  method_not_allowed: { status: 405, code: 'method_not_allowed', message: 'Método não permitido para este recurso' },
  conflict: { status: 409, code: 'conflito', message: 'O recurso já existe' },
  rate_limited: { status: 429, code: 'muitas_requisicoes', message: 'Muitas requisições; tente novamente mais tarde' },
  internal: { status: 500, code: 'erro_interno', message: 'Erro interno do servidor' },
  unavailable: { status: 503, code: 'servico_indisponivel', message: 'Serviço temporariamente indisponível' },
} as const satisfies Record<string, { status: number; code: string; message: string }>;

export type ErrorReason = keyof typeof ERRORS;

export interface ErrorDetail {
  path: string;
  message: string;
}

/** An expected failure, as a value. */
export interface Failure {
  ok: false;
  reason: ErrorReason;
  /** Overrides the catalogue message (e.g. to name the offending field). */
  message?: string;
  details?: ErrorDetail[];
  headers?: Record<string, string>;
  /** Close the connection without answering (a scenario's dropped connection); observers see status 0. */
  drop?: true;
}

export function failure(
  reason: ErrorReason,
  extra: Omit<Failure, 'ok' | 'reason'> = {},
): Failure {
  return { ok: false, reason, ...extra };
}

/** WWW-Authenticate value for a 401 (RFC 6750 §3). */
export function wwwAuthenticate(reason: ErrorReason): string {
  // Header values stay ASCII, so the description is the API's error code rather than the Portuguese message.
  if (reason === 'client_invalid') return 'Basic realm="commerce-mock", error="invalid_client"';
  return `Bearer error="invalid_token", error_description="${ERRORS[reason].code}"`;
}
