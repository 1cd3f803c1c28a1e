/** One header of a journaled message (headers as the journal keeps them), by its name in any case; its first value. */
export function keptHeader(headers: Record<string, string | string[]> | undefined, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers ?? {})) if (key.toLowerCase() === name) return Array.isArray(value) ? value[0] : value;
  return undefined;
}
