/**
 * The drill's calls of a mock's admin API (`POST /__admin/drills`, `GET /__admin/drills/{id}`), and its refusals
 * told in the command line's language (admin-refusal.ts): each refusal a drill can meet is said in English with
 * what to change, the API's code kept in brackets. The mock is named as the user knows it: by its URL when they
 * gave one (`--mock`), else as the mock started for the drill, whose address means nothing to them.
 */
import { adminTransport, type RequestOf } from '../admin-http/admin-transport.ts';
import { isLinkLocalOrMetadata } from '../domain/webhook-url.ts';
import type { Drill } from '../drills/drill-run.ts';
import { adminCalled, adminRefusal, type AdminErrorBody } from './admin-refusal.ts';
import { SECRET_SHAPES, WEBHOOK_SECRET_ENV } from './webhook-secret-option.ts';

export type AdminAnswer = { ok: true; drill: Drill } | { ok: false; problem: string };

/** What the drill asked for, to say what was wrong with it. */
export interface DrillAsked {
  receiverUrl: string;
  clientId: string;
  secretGiven: boolean;
  format: 'mock' | 'standard' | undefined;
}

/** `mockName`: "the mock at http://…" or "the mock started for the drill". */
export function drillAdmin(mockUrl: string, mockName: string, adminToken: string | undefined) {
  const send = adminTransport(mockUrl, { adminToken });
  return {
    async start(body: RequestOf<'startDrill'>['body'], asked: DrillAsked): Promise<AdminAnswer> {
      const called = await adminCalled(send('startDrill', { body }), mockName);
      if (called.ok) return { ok: true, drill: called.value.data as Drill };
      if ('problem' in called) return { ok: false, problem: called.problem };
      return { ok: false, problem: startRefusal(called.status, called.answer, asked, mockName) };
    },
    async read(id: string): Promise<AdminAnswer> {
      const called = await adminCalled(send('getDrill', { path: { drill_id: id } }), mockName);
      if (called.ok) return { ok: true, drill: called.value.data as Drill };
      if ('problem' in called) return { ok: false, problem: called.problem };
      if (called.status === 404) return { ok: false, problem: `drill ${id} is gone from ${mockName} (restarted, or the drill finished over an hour ago or 20 drills finished since) [${called.answer.error ?? 404}]` };
      return { ok: false, problem: adminRefusal(called.status, called.answer, mockName, 'the drill') };
    },
  };
}

function startRefusal(status: number, answer: AdminErrorBody, asked: DrillAsked, mockName: string): string {
  const code = answer.error ?? String(status);
  const about = (path: string) => answer.details?.find((detail) => detail.path === path);
  if (status === 404 && answer.error === 'not_found') return `client ${asked.clientId} is unknown to ${mockName} (--client; its clients are its configuration's, mock-client by default) [${code}]`;
  if (status === 400 && about('secret')) {
    const giveOne = `give the secret the receiver verifies with: --secret or env ${WEBHOOK_SECRET_ENV} (${SECRET_SHAPES}) [${code}]`;
    // The mock's reasons for a secret given are English (domain/webhook-secret.ts): "a secret of format "standard" starts with whsec_".
    if (asked.secretGiven) return `the secret does not fit the drill's format: ${about('secret')?.message} (${SECRET_SHAPES}; the format is --format, else the client's endpoint format, else standard) [${code}]`;
    // Without --format the format is the endpoint's own, which its secret fits: the client has no endpoint.
    if (asked.format === undefined) return `no secret: client ${asked.clientId} has no webhook endpoint on ${mockName} whose secret the drill could use; ${giveOne}`;
    return `no secret of format ${asked.format}: client ${asked.clientId} has no webhook endpoint on ${mockName}, or its secret is of the other format; ${giveOne}`;
  }
  if (status === 400 && about('url')) {
    const host = hostOf(asked.receiverUrl);
    if (host !== undefined && isLinkLocalOrMetadata(host)) return `--url: ${mockName} refuses a link-local or cloud-metadata address (its configuration allows one with webhookAllowLinkLocal) [${code}]`;
    return `--url: ${mockName} refuses ${asked.receiverUrl}: a mock's own address does not receive webhooks [${code}]`;
  }
  return adminRefusal(status, answer, mockName, 'the drill');
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}
