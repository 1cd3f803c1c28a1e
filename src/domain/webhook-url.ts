/**
 * Where a webhook may be sent: an http(s) URL without credentials; never the mock's own origin
 * nor any mock's admin API (a delivery there could drive it: deactivate a client, reset the state); and not a
 * link-local or cloud-metadata address (169.254.0.0/16, fe80::/10, fd00:ec2::254) unless the configuration
 * allows it. Loopback receivers on other ports are how developers receive webhooks, so they stay allowed.
 * Checked on the URL as written: a name that resolves to such an address is not looked up. The admin API is
 * recognised by the rule its mount uses (admin-path.ts), in every spelling that reaches it.
 */
import { adminPathOf } from './admin-path.ts';
import { ipv4Of, isLoopbackHostname } from './loopback-host.ts';

/** One way of reaching this mock: a port and the host names that reach it there. */
export interface OwnOrigin {
  port: number;
  hosts: readonly string[];
  /** Loopback and unspecified names (localhost, 127.0.0.1, [::1], 0.0.0.0) reach it too. */
  local: boolean;
}

export interface WebhookUrlRules {
  allowLinkLocal?: boolean;
  own?: readonly OwnOrigin[];
}

export const MAX_WEBHOOK_URL_LENGTH = 2000;

/**
 * A URI's characters (RFC 3986: unreserved, reserved, `%XX`), as the document's `format: uri` takes them. `new URL`
 * alone would take `/a b` or `?q="x"` and escape them itself, so a URL one door stored was refused by the next
 * (the webhook route, a state import of the mock's own export): every door reads a URL through this rule.
 */
const URI_CHARACTERS = /^(?:[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$/;

/** The cloud-metadata host names, the one list every consumer of the guard meets (webhook endpoints, drills, `listen`). */
const METADATA_NAMES: ReadonlySet<string> = new Set(['metadata.google.internal', 'metadata.goog', 'instance-data', 'instance-data.ec2.internal']);

/**
 * A host name as the guard compares it: lower-cased and without the trailing dots of a fully qualified spelling
 * (`Metadata.Google.Internal.` reaches what `metadata.google.internal` does).
 */
export function hostKey(host: string): string {
  return host.toLowerCase().replace(/\.+$/, '');
}

/** Why the URL is refused (Portuguese, as the API speaks), or undefined. */
export function webhookUrlProblem(text: string, rules: WebhookUrlRules = {}): string | undefined {
  if (text.length > MAX_WEBHOOK_URL_LENGTH) return `no máximo ${MAX_WEBHOOK_URL_LENGTH} caracteres`;
  if (!URI_CHARACTERS.test(text)) return 'URL inválida: só caracteres de um URI (RFC 3986), sem espaços, aspas nem <>\\^`{|}; %XX para os outros';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'URL inválida';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'só são aceites URLs http ou https';
  if (url.username !== '' || url.password !== '') return 'a URL não pode levar credenciais (utilizador:senha@)';
  if (adminPathOf(url.pathname) !== undefined) return 'a API de administração de um mock não recebe webhooks';
  const host = hostKey(url.hostname);
  if (!rules.allowLinkLocal && isLinkLocalOrMetadata(host)) {
    return 'endereço link-local ou de metadados recusado (permita-o com a opção webhookAllowLinkLocal)';
  }
  if (rules.own && isOwnOrigin(url, host, rules.own)) return 'a própria origem do mock não recebe webhooks';
  return undefined;
}

function isOwnOrigin(url: URL, host: string, own: readonly OwnOrigin[]): boolean {
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  return own.some(
    (origin) =>
      origin.port === port && ((origin.local && (isLoopbackHostname(host) || isUnspecified(host))) || origin.hosts.some((name) => hostKey(name) === host)),
  );
}

/**
 * A URL's hostname (IPv6 in brackets, already normalised by URL: `http://2852039166/` is 169.254.169.254), in any
 * case, with or without its trailing dot.
 */
export function isLinkLocalOrMetadata(hostname: string): boolean {
  const host = hostKey(hostname);
  if (METADATA_NAMES.has(host)) return true;
  const v4 = ipv4Of(host);
  if (v4) return v4[0] === 169 && v4[1] === 254;
  if (!host.startsWith('[')) return false;
  const v6 = host.slice(1, -1);
  return /^fe[89ab][0-9a-f]?:/.test(v6) || v6 === 'fd00:ec2::254';
}

function isUnspecified(host: string): boolean {
  return host === '0.0.0.0' || host === '[::]';
}

/**
 * The ways of reaching a mock: its bound port (with loopback names), the Host a request reached it by, and its
 * public URL. A port of 0 (chosen at listen time) is known only through a Host header.
 */
export function ownOrigins(where: { host: string; port: number; publicUrl?: string | undefined; hostHeader?: string | undefined }): OwnOrigin[] {
  const origins: OwnOrigin[] = [];
  if (where.port !== 0) origins.push({ port: where.port, hosts: [where.host.includes(':') ? `[${where.host}]` : where.host], local: true });
  const header = where.hostHeader === undefined ? undefined : /^(?<name>\[[0-9A-Fa-f:.]+\]|[^:[\]]+)(?::(?<port>\d{1,5}))?$/.exec(where.hostHeader)?.groups;
  if (header?.['name']) origins.push({ port: header['port'] ? Number(header['port']) : 80, hosts: [header['name'].toLowerCase()], local: true });
  if (where.publicUrl !== undefined && URL.canParse(where.publicUrl)) {
    const url = new URL(where.publicUrl);
    origins.push({ port: url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port), hosts: [url.hostname], local: false });
  }
  return origins;
}
