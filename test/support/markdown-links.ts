/** The links of a markdown page, as a reader follows them. Not a test file. */

/** Links outside code: `[text](target)` and images, `![alt](target)`. */
export function linksOf(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((found) => found[1] ?? '');
}

/** A link into the same repository or package (no scheme, not only an anchor). */
export const isRelative = (link: string): boolean => !/^([a-z][a-z+.-]*:|#)/i.test(link);
