/**
 * The 400 that names one refused field (`Parâmetros inválidos`, with the field's path and why), the shape many
 * entries of api-errors.ts and admin-errors.ts share: written once, its literal types kept, so a `{{name}}` in the path
 * or the message still makes the reason take that parameter (failures.ts).
 */
export function fieldRefused<const Path extends string, const Message extends string>(path: Path, message: Message) {
  return { status: 400, code: 'invalid_request', message: 'Parâmetros inválidos', details: [{ path, message }] } as const;
}
