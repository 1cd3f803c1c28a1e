/**
 * The rules as data: each rule's meta is whole (a stable id, a severity of the document's list, why, fix, its section
 * of docs/audit.md), each id once, each threshold it names is the configuration's with a default, and docs/audit.md
 * has a section and a table row for each. The severities are one list at every door: the document's enum, the MCP
 * tool's and the order the findings are sorted in.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { AUDIT_RULES } from '../../src/audit/audit-rules.ts';
import { SEVERITIES } from '../../src/audit/audit-types.ts';
import { auditThresholdsSchema } from '../../src/platform/config.ts';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

describe('the audit rules as data', () => {
  const page = read('docs/audit.md');

  it('each rule has a whole meta, its own id, its docs section and its table row', () => {
    const ids = AUDIT_RULES.map(({ meta }) => meta.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(13);
    for (const { meta } of AUDIT_RULES) {
      expect(meta.id, meta.id).toMatch(/^[a-z]+\.[a-z-]+$/);
      expect(SEVERITIES, meta.id).toContain(meta.severity);
      expect(meta.why.length, meta.id).toBeGreaterThan(40);
      expect(meta.fix.length, meta.id).toBeGreaterThan(30);
      expect(meta.docs, meta.id).toBe(`docs/audit.md#${meta.id.replace(/\./g, '')}`);
      expect(page, meta.id).toContain(`\n### \`${meta.id}\`\n`);
      expect(page, meta.id).toContain(`| [\`${meta.id}\`](#${meta.id.replace(/\./g, '')}) | ${meta.severity} |`);
    }
  });

  it('each threshold a rule reads is the configuration\'s, with its default in docs/audit.md', () => {
    const defaults = auditThresholdsSchema.parse({});
    const read = new Set(AUDIT_RULES.flatMap(({ meta }) => meta.thresholds));
    expect([...read].sort()).toEqual(Object.keys(defaults).sort());
    for (const name of read) expect(page, name).toContain(`\`${name}\``);
  });

  it('the severities are the document\'s enum, most severe first', () => {
    const admin = parse(read('spec/admin.yaml')) as { components: { schemas: { AuditSeverity: { enum: string[] } } } };
    expect(admin.components.schemas.AuditSeverity.enum).toEqual([...SEVERITIES]);
  });
});
