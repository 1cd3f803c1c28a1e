/** Query string → object; a repeated key becomes a list, as openapi-backend expects. */
export function parseQuery(rawQuery: string): Record<string, string | string[]> {
  // Most requests carry no query: no parser, map and lists made for one.
  if (rawQuery === '') return {};
  const values = new Map<string, string[]>();
  for (const [key, value] of new URLSearchParams(rawQuery)) values.set(key, [...(values.get(key) ?? []), value]);
  // fromEntries defines own properties, so a key such as `__proto__` stays plain data.
  return Object.fromEntries([...values].map(([key, list]) => [key, list.length === 1 ? (list[0] as string) : list]));
}
