/**
 * Every admin operation with an id in its path, sent an over-long id and a malformed one: whatever it answers, the
 * document declares that status for it (a generator of requests from the document meets no undeclared answer).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { operations } from '../support/openapi-doc.ts';
import { createTestApp } from '../support/test-app.ts';

const ADMIN = parse(readFileSync('spec/admin.yaml', 'utf8')) as Record<string, unknown>;
const WITH_PATH_ID = operations(ADMIN as never).filter((entry) => entry.path.includes('{'));
const IDS = { 'over-long': 'x'.repeat(400), malformed: encodeURIComponent('bad id/..\u0000é') };

describe('admin operations with an id in the path', () => {
  it.each(Object.entries(IDS))('a %s id: every answer is a status the operation declares', async (_kind, id) => {
    const t = await createTestApp();
    const undeclared: string[] = [];
    for (const { method, path, operation } of WITH_PATH_ID) {
      const url = `/__admin${path.replace(/\{[^}]+\}/g, id)}`;
      const request = t.http[method as 'get' | 'post' | 'put' | 'delete'](url);
      const answer = ['post', 'put', 'patch'].includes(method) ? await request.send({}) : await request;
      const declared = Object.keys((operation['responses'] as Record<string, unknown>) ?? {});
      const family = `${String(answer.status)[0]}XX`;
      if (!declared.includes(String(answer.status)) && !declared.includes(family) && !declared.includes('default')) {
        undeclared.push(`${method.toUpperCase()} ${path} → ${answer.status}`);
      }
    }
    expect(WITH_PATH_ID.length).toBeGreaterThan(20);
    expect(undeclared).toEqual([]);
  });
});
