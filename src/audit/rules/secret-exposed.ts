/** `secret.exposed`: the client secret sent in a query string, or to an operation other than the token's. */
import { auditDocs, type AuditRule } from '../audit-types.ts';
import { requestEvidence } from '../evidence-of.ts';

const ID = 'secret.exposed';

const WHERE = { query: 'in a query string', body: 'in the body of a non-token operation', basic: 'as Basic credentials to a non-token operation' } as const;

export const secretExposed: AuditRule = {
  meta: {
    id: ID,
    severity: 'error',
    why: 'The client secret takes tokens for the merchant: a URL lands in proxy, server and browser logs, and an operation that does not need it gives every hop on its way a copy.',
    fix: 'Send the secret only to POST /v1/auth/token (and the refresh), in the body or as Basic credentials; call every other operation with the bearer token. Rotate a secret that was exposed.',
    docs: auditDocs(ID),
    thresholds: [],
  },
  check({ requests }) {
    const sent = requests.filter((entry) => entry.secretSent !== undefined);
    if (sent.length === 0) return [];
    const count = (where: keyof typeof WHERE) => sent.filter((entry) => entry.secretSent === where).length;
    const places = (Object.keys(WHERE) as Array<keyof typeof WHERE>).filter((where) => count(where) > 0).map((where) => `${WHERE[where]} (${count(where)})`);
    return [
      {
        verdict: `the client secret was sent ${places.join(', ')}`,
        evidence: requestEvidence(sent, { inQuery: count('query'), inBody: count('body'), asBasic: count('basic') }),
      },
    ];
  },
};
