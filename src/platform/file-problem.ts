/**
 * Why a file could not be read, in words a user acts on (`not found`, `permission denied`), with the system's code
 * after them for a search: `ENOENT` alone tells a newcomer nothing.
 */
const IN_WORDS: Record<string, string> = {
  ENOENT: 'not found (no such file or directory)',
  ENOTDIR: 'not found (a part of the path is a file, not a directory)',
  EACCES: 'cannot be read: permission denied',
  EPERM: 'cannot be read: permission denied',
  EISDIR: 'is a directory, where a file was expected',
  ELOOP: 'cannot be read: too many symbolic links',
};

export function fileProblem(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === undefined) return error instanceof Error ? error.message : String(error);
  const words = IN_WORDS[code];
  return words === undefined ? (error as Error).message : `${words} [${code}]`;
}
