/**
 * Colour on a terminal only, as the ecosystem's tools do (https://no-color.org, https://force-color.org): `NO_COLOR`
 * (any non-empty value) turns it off, `FORCE_COLOR` (non-empty, not `0`) turns it on where no terminal is, and
 * otherwise a stream is coloured only when it is a TTY. Piped or redirected output never holds an escape.
 */
export type Style = 'bold' | 'dim' | 'red' | 'green' | 'yellow' | 'cyan';

const CODES: Record<Style, [number, number]> = {
  bold: [1, 22],
  dim: [2, 22],
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
  cyan: [36, 39],
};

/** Paints text in a style, or leaves it as it is when colour is off. */
export type Paint = (style: Style, text: string) => string;

export function painter(enabled: boolean): Paint {
  return enabled ? (style, text) => `\u001b[${CODES[style][0]}m${text}\u001b[${CODES[style][1]}m` : (_style, text) => text;
}

export function colourWanted(env: Record<string, string | undefined>, isTty: boolean): boolean {
  if (env['NO_COLOR']) return false;
  const forced = env['FORCE_COLOR'];
  if (forced !== undefined && forced !== '' && forced !== '0' && forced !== 'false') return true;
  return isTty;
}
