/**
 * Every error message comes from the catalogue (src/errors/): no module passes a message to `failure()`, builds a
 * failure value or an error body by hand, or restates a catalogue answer outside the scenario rules that script it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { failure } from '../../src/errors/failures.ts';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

const modules = sourceFiles(SRC)
  .map((file) => ({ name: relative(SRC, file), text: readFileSync(file, 'utf8') }))
  .filter(({ name }) => !name.startsWith('errors/') && !name.startsWith('generated/'));

/** The argument text of each `failure(…)` call (balanced parentheses; strings are short and hold none unbalanced). */
function failureCalls(text: string): string[] {
  const calls: string[] = [];
  for (const match of text.matchAll(/(?<![\w.])failure\(/g)) {
    let depth = 1;
    let at = (match.index ?? 0) + match[0].length;
    const start = at;
    while (at < text.length && depth > 0) {
      if (text[at] === '(') depth += 1;
      else if (text[at] === ')') depth -= 1;
      at += 1;
    }
    calls.push(text.slice(start, at - 1));
  }
  return calls;
}

/** Problems of one module's text: inline messages, hand-made failures and error bodies. */
function inlineMessages(text: string): string[] {
  return [
    ...failureCalls(text)
      .filter((args) => /\bmessage\s*:/.test(args))
      .map((args) => `failure(${args.replace(/\s+/g, ' ').slice(0, 120)})`),
    ...[...text.matchAll(/ok:\s*false,\s*reason:\s*[^,}]+,\s*message:/g)].map((found) => `failure value by hand: ${found[0]}`),
    ...[...text.matchAll(/\berror:\s*[^,;\n]+,\s*message:/g)].map((found) => `error body by hand: ${found[0]}`),
  ];
}

describe('error messages come from the catalogue only', () => {
  it('no module outside src/errors passes a message to failure() or builds a failure or an error body itself', () => {
    // The reply writer is the one place that turns a failure into its body (the MCP endpoint's JSON-RPC error body
    // is in the catalogue too: src/errors/json-rpc-errors.ts).
    const found = modules
      .flatMap(({ name, text }) => inlineMessages(text).map((problem) => `${name}: ${problem}`))
      .filter((problem) => !problem.startsWith('http/send-reply.ts: error body by hand'));
    expect(found).toEqual([]);
  });

  it('the check sees an override, a hand-made failure and a hand-made body', () => {
    expect(inlineMessages("return failure('not_found', { message: `Cliente desconhecido: ${id}` });")).toHaveLength(1);
    expect(inlineMessages("return failure('invalid_request', {\n  details: [{ path: 'x', message: 'y' }],\n});")).toHaveLength(1);
    expect(inlineMessages("return { ok: false, reason: 'internal', message: 'boom' };")).toHaveLength(1);
    expect(inlineMessages("body: { error: 'erro_simulado', message: 'x', requestId }")).toHaveLength(1);
    expect(inlineMessages("return failure('unknown_client', { clientId });")).toEqual([]);
  });

  it('only the scenario rules restate a catalogue answer (scriptedFailure)', () => {
    const users = modules.filter(({ text }) => /\bscriptedFailure\(/.test(text)).map(({ name }) => name);
    expect(users).toEqual(['scenarios/scenario-rules.ts']);
  });

  it('the compiler refuses a message passed to failure(), and a parameterised reason without its parameters', () => {
    // @ts-expect-error: failure() takes no message; add a reason to the catalogue instead.
    expect(failure('not_found', { message: 'Cliente desconhecido: x' }).message).toBe('Recurso não encontrado');
    // @ts-expect-error: unknown_client names {{clientId}}.
    expect(() => failure('unknown_client')).toThrow(TypeError);
    expect(failure('unknown_client', { clientId: 'x' }).message).toBe('Cliente desconhecido: x');
  });
});
