/**
 * One journaled request opened: what was sent and what was answered, headers and bodies, as the admin API keeps
 * them (`GET /__admin/requests/{id}`: secrets already masked as `***`, bodies cut at 16 KiB).
 */
import { byTestId, el, shortTime } from './dom.js';

const headerText = (headers) =>
  Object.entries(headers)
    .map(([name, value]) => `${name}: ${Array.isArray(value) ? value.join(', ') : value}`)
    .join('\n');

const bodyText = (message) => {
  if (!('body' in message)) return '(no body)';
  const text = typeof message.body === 'string' ? message.body : JSON.stringify(message.body, null, 2);
  return message.truncated ? `${text}\n… (cut at 16 KiB of ${message.bodyBytes} bytes)` : text;
};

const part = (title, testid, message) =>
  el(
    'div',
    { className: 'exchange-part', testid },
    el('h4', { text: title }),
    el('pre', { testid: `${testid}-headers` }, el('code', { text: headerText(message.headers) })),
    el('pre', { testid: `${testid}-body` }, el('code', { text: bodyText(message) })),
  );

/**
 * A traced request's trace id, a button copying it, and a link to it where the mock was given a trace URL
 * (COMMERCE_MOCK_TRACE_URL, `GET /__admin/health` tells it).
 */
const traceLine = (ctx, traceId, traceUrl) =>
  el(
    'p',
    { className: 'hint', testid: 'journal-trace' },
    'trace ',
    el('code', { testid: 'journal-trace-id', text: traceId }),
    ' ',
    el('button', { testid: 'journal-trace-copy', text: 'Copy', onclick: () => ctx.act('Trace id copied', () => navigator.clipboard.writeText(traceId)) }),
    ...(traceUrl ? [' ', el('a', { testid: 'journal-trace-link', text: 'Open trace', href: traceUrl.replace(/\{traceId\}|%7BtraceId%7D/g, traceId), target: '_blank', rel: 'noopener' })] : []),
  );

export function journalDetail(ctx) {
  const view = byTestId('journal-detail');
  /** The trace URL template, asked once (the health answer holds it when the mock has one). */
  let traceUrl;
  const traceUrlOf = () => (traceUrl ??= ctx.admin('GET', '/health').then((health) => health.traceUrl, () => undefined));
  const close = () => {
    view.hidden = true;
    view.replaceChildren();
    delete view.dataset.requestId;
  };
  const show = (entry, template) => {
    const title = `${entry.method} ${entry.query ? `${entry.path}?${entry.query}` : entry.path} → ${entry.status === 0 ? 'dropped' : entry.status}${entry.error ? ` ${entry.error}` : ''}`;
    view.dataset.requestId = entry.id;
    view.replaceChildren(
      el('div', { className: 'buttons' }, el('strong', { testid: 'journal-detail-title', text: title }), el('button', { testid: 'journal-detail-close', text: 'Close', onclick: close })),
      el('p', { className: 'hint', text: `${entry.id} · ${shortTime(entry.receivedAt)} (mock clock)` }),
      ...(entry.traceId ? [traceLine(ctx, entry.traceId, template)] : []),
      entry.request
        ? el('div', { className: 'exchange' }, part('Request', 'journal-request', entry.request), part('Response', 'journal-response', entry.response))
        : el('p', { testid: 'journal-detail-dropped', text: 'Headers and bodies no longer kept: the journal keeps them for its newest entries only.' }),
    );
    view.hidden = false;
    view.scrollIntoView({ block: 'nearest' });
  };
  return {
    /** Opens a row: the message line says so, or why not (an entry cleared meanwhile). */
    open: (id) =>
      ctx.act(`Request ${id} opened`, async () => {
        const entry = (await ctx.admin('GET', `/requests/${encodeURIComponent(id)}`)).data;
        show(entry, entry.traceId ? await traceUrlOf() : undefined);
      }),
    openId: () => view.dataset.requestId,
  };
}
