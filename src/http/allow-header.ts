/** The `Allow` value for the methods served on a path: GET brings HEAD (RFC 9110 §9.3.2). */
export function allowHeader(methods: readonly string[]): string {
  return methods.flatMap((method) => (method === 'GET' ? ['GET', 'HEAD'] : [method])).join(', ');
}
