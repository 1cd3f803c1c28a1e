/**
 * The known word closest to a misspelt one, as commander suggests a flag: same letters in another case
 * (`ratelimit` → `rateLimit`), or a few edits away (`limt` → `limit`). Quadratic in two short words only.
 */
export function closestWord(word: string, known: readonly string[]): string | undefined {
  const lower = word.toLowerCase();
  const caseOnly = known.find((candidate) => candidate.toLowerCase() === lower);
  if (caseOnly !== undefined) return caseOnly;
  // Words of 200 characters or more are nobody's typo of a config key.
  if (word.length > 200) return undefined;
  const allowed = Math.max(1, Math.floor(word.length / 3));
  let best: { word: string; distance: number } | undefined;
  for (const candidate of known) {
    const distance = editDistance(lower, candidate.toLowerCase());
    if (distance <= allowed && (best === undefined || distance < best.distance)) best = { word: candidate, distance };
  }
  return best?.word;
}

/** Levenshtein distance with adjacent transpositions counted as one edit (`lmiit` is one edit from `limit`). */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_row, i) => Array.from({ length: b.length + 1 }, (_cell, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const row = rows[i] as number[];
      const above = rows[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min((above[j] as number) + 1, (row[j - 1] as number) + 1, (above[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j] as number, ((rows[i - 2] as number[])[j - 2] as number) + 1);
    }
  }
  return (rows[a.length] as number[])[b.length] as number;
}
