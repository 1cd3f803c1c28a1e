/**
 * Text from outside (a pact's names and states, a verifier's differences, file names, what a mock answered) as a
 * terminal may show it, for every command that prints it: control characters removed (an ESC sequence could retitle or clear the terminal, BEL
 * ring it), line breaks and tabs turned into spaces (a newline in a name could forge a line of the report), and
 * the bidirectional overrides removed (they reorder what is shown).
 */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]/g;

export function printable(text: string): string {
  return text.replace(BREAKS, ' ').replace(CONTROL, '');
}
