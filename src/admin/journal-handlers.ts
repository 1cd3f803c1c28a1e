/** The request journal: list with filters, one entry with its headers and bodies, count (verify a call was made N times), clear. */
import type { AdminHandlerTable } from '../handlers/handler.ts';
import { okData } from '../domain/reply.ts';
import { failure } from '../errors/failures.ts';
import type { JournalFilter } from '../state/request-journal.ts';
import { pathPatternProblem } from '../scenarios/path-pattern.ts';
import type { AdminContext } from './admin-context.ts';

const FILTERS = ['clientId', 'operationId', 'method', 'path', 'status', 'since', 'until'] as const;

function filterOf(query: Record<string, unknown>): JournalFilter {
  return Object.fromEntries(FILTERS.filter((name) => query[name] !== undefined).map((name) => [name, query[name]])) as JournalFilter;
}

export function journalHandlers(admin: AdminContext) {
  return {
    listRequests(input) {
      const refused = refusedPattern(input.query);
      if (refused) return refused;
      const { entries, total } = admin.journal.list(filterOf(input.query), (input.query['limit'] as number | undefined) ?? 100);
      return { ok: true as const, status: 200, body: { data: entries, total } };
    },
    getRequest(input) {
      const requestId = input.params['request_id'] ?? '';
      const entry = admin.journal.find(requestId);
      return entry ? okData(entry) : failure('unknown_request', { requestId });
    },
    countRequests: (input) => refusedPattern(input.query) ?? okData({ count: admin.journal.count(filterOf(input.query)) }),
    clearRequests: () => okData({ cleared: admin.journal.clear() }),
  } satisfies Partial<AdminHandlerTable>;
}

/** The document bounds the pattern's length; the matcher also bounds its segments. */
function refusedPattern(query: Record<string, unknown>) {
  const pattern = query['path'];
  const problem = typeof pattern === 'string' ? pathPatternProblem(pattern) : undefined;
  return problem === undefined ? undefined : failure('journal_pattern_refused', { problem });
}
