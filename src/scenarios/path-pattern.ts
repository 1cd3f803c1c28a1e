/**
 * Path patterns of scenario rules and journal filters: `*` within a segment (any characters but `/`), `**` as a
 * whole segment (any number of non-empty segments, none included), anything else literal; a trailing `/` on the
 * path is ignored. Matched without regular expressions, in time linear in the path for a bounded pattern: user
 * text never becomes a backtracking regex (a pattern such as `*a*a*b` froze the mock on a long path).
 */

/** Longest pattern accepted (scenario files, the journal's `path` filter). */
export const MAX_PATTERN_LENGTH = 300;
/** Most `/`-separated segments a pattern may have. */
export const MAX_PATTERN_SEGMENTS = 20;

export interface PathPattern {
  test(path: string): boolean;
}

/** Why a pattern is refused, or undefined when it is usable. */
export function pathPatternProblem(pattern: string): string | undefined {
  if (!pattern.startsWith('/')) return 'must start with /';
  if (pattern.length > MAX_PATTERN_LENGTH) return `at most ${MAX_PATTERN_LENGTH} characters`;
  const segments = pattern.split('/').length - 1;
  if (segments > MAX_PATTERN_SEGMENTS) return `at most ${MAX_PATTERN_SEGMENTS} segments (it has ${segments})`;
  return undefined;
}

type Segment = { kind: 'any' } | { kind: 'glob'; parts: string[] };

/** Compiles a pattern; a refused one (see `pathPatternProblem`) matches nothing. */
export function pathPattern(pattern: string): PathPattern {
  if (pathPatternProblem(pattern) !== undefined) return { test: () => false };
  const segments: Segment[] = [];
  for (const text of pattern.split('/').slice(1)) {
    // `**/**` is `**`: one is enough, and fewer stars keep the matching short.
    if (text === '**') {
      if (segments.at(-1)?.kind !== 'any') segments.push({ kind: 'any' });
    } else {
      segments.push({ kind: 'glob', parts: text.split('*') });
    }
  }
  return {
    test(path) {
      if (!path.startsWith('/')) return false;
      const names = path.split('/').slice(1);
      if (matchSegments(segments, names)) return true;
      return names.length > 0 && names.at(-1) === '' && matchSegments(segments, names.slice(0, -1));
    },
  };
}

/**
 * The classic wildcard walk over segments, with `**` as the star: on a mismatch, the last `**` takes one more
 * segment. Each (pattern segment, path segment) pair is compared at most once (memo), so the work is bounded by
 * pattern segments × path segments comparisons, each linear in its segment.
 */
function matchSegments(pattern: readonly Segment[], names: readonly string[]): boolean {
  const memo = new Int8Array(pattern.length * names.length);
  const fits = (p: number, s: number): boolean => {
    const key = p * names.length + s;
    if (memo[key] === 0) memo[key] = globMatches((pattern[p] as { parts: string[] }).parts, names[s] as string) ? 1 : 2;
    return memo[key] === 1;
  };
  let p = 0;
  let s = 0;
  let star = -1;
  let mark = 0;
  while (s < names.length) {
    if (p < pattern.length && pattern[p]?.kind === 'any') {
      star = p;
      mark = s;
      p += 1;
    } else if (p < pattern.length && fits(p, s)) {
      p += 1;
      s += 1;
    } else if (star >= 0 && names[mark] !== '') {
      // `**` takes only non-empty segments: past an empty one, no earlier `**` can reach further either.
      mark += 1;
      s = mark;
      p = star + 1;
    } else {
      return false;
    }
  }
  while (p < pattern.length && pattern[p]?.kind === 'any') p += 1;
  return p === pattern.length;
}

/**
 * One segment against `parts` (the pattern segment split at `*`): the first part a prefix, the last a suffix,
 * each middle part found leftmost after the previous one. Leftmost is always safe with `*` alone.
 */
function globMatches(parts: readonly string[], text: string): boolean {
  const first = parts[0] as string;
  if (parts.length === 1) return text === first;
  const last = parts[parts.length - 1] as string;
  const end = text.length - last.length;
  if (end < first.length || !text.startsWith(first) || !text.endsWith(last)) return false;
  let at = first.length;
  for (const part of parts.slice(1, -1)) {
    const found = text.indexOf(part, at);
    if (found === -1 || found + part.length > end) return false;
    at = found + part.length;
  }
  return true;
}
