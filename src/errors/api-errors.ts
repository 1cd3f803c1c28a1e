/**
 * The API's errors: reason → HTTP status, error code and Portuguese message (the service speaks Portuguese).
 * A message or detail may hold `{{name}}` placeholders: the reason then takes those parameters, filled in by
 * `failure()` (failures.ts). The first entry of each status and code is the generic one that `Prefer: code=NNN`
 * and a scenario naming a code answer; keep new entries after it.
 */
import { fieldRefused } from './field-refusal.ts';

export const API_ERRORS = {
  invalid_request: { status: 400, code: 'invalid_request', message: 'Parâmetros inválidos' },
  malformed_json: { status: 400, code: 'invalid_request', message: 'JSON malformado no corpo do pedido' },
  unknown_reference: { status: 400, code: 'invalid_request', message: 'Referência desconhecida' },
  token_limit_reached: { status: 400, code: 'invalid_request', message: 'Limite de 5 tokens ativos por cliente atingido' },
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
  simulated: { status: 500, code: 'erro_simulado', message: 'Falha simulada pelo cenário' },
  target_unreachable: { status: 502, code: 'destino_inalcancavel', message: 'O serviço de destino não respondeu' },
  target_timeout: { status: 504, code: 'destino_sem_resposta', message: 'O serviço de destino não respondeu a tempo' },
  proxy_loop: { status: 508, code: 'ciclo_de_proxy', message: 'O pedido voltou a este proxy: o destino é o próprio proxy' },
  admin_not_forwarded: { status: 403, code: 'admin_nao_encaminhado', message: 'O proxy não encaminha /__admin: inicie-o com --forward-admin' },

  // Parameterised, or with details of their own.
  documented_absence: { status: 400, code: 'invalid_request', message: '{{documented}}' },
  unknown_references: { status: 400, code: 'invalid_request', message: 'Referência desconhecida: {{fields}}' },
  active_token_cap: { status: 400, code: 'invalid_request', message: 'Limite de {{max}} tokens ativos por cliente atingido' },
  duplicate_merchant_key: fieldRefused('{{key}}', 'já existe um registo com este {{key}}; use a operação sync para o atualizar'),
  duplicate_subscription_key: fieldRefused('originSubscriptionId', 'já existe uma assinatura com este originSubscriptionId; use sync'),
  order_amount_cap: fieldRefused('items', 'o total do pedido excede o máximo suportado (1 000 000 000 MZN)'),
  undeclared_prefer_code: fieldRefused('Prefer', 'code={{code}} não é uma resposta desta operação (declaradas: {{declared}})'),
  unknown_scenario_header: fieldRefused('X-Mock-Scenario', 'cenário desconhecido: {{name}}'),
  undecodable_path: { status: 400, code: 'invalid_request', message: 'Caminho com codificação inválida' },
  unsupported_encoding: { status: 400, code: 'invalid_request', message: 'Content-Encoding não suportado: {{encoding}}' },
  unreadable_body: { status: 400, code: 'invalid_request', message: 'Corpo do pedido ilegível' },
  body_over_limit: { status: 413, code: 'invalid_request', message: 'Corpo do pedido excede o limite de {{kib}} KiB' },
  unsupported_content_type: { status: 415, code: 'invalid_request', message: 'Content-Type não suportado: {{type}}' },
  content_type_not_accepted: { status: 415, code: 'invalid_request', message: 'Content-Type não suportado por esta operação', details: [{ path: 'Content-Type', message: '{{type}} não é aceite; esta operação aceita {{accepted}}' }] },
  cross_site_origin: { status: 403, code: 'origem_recusada', message: 'Origem {{origin}} recusada: só páginas deste mock podem alterar o seu estado' },
  cross_site_fetch: { status: 403, code: 'origem_recusada', message: 'Pedido de outro site recusado (Sec-Fetch-Site: cross-site)' },
  malformed_request: { status: 400, code: 'invalid_request', message: 'Pedido HTTP malformado: cabeçalho, linha do pedido ou corpo ilegível' },
} as const;
