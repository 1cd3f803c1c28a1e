/**
 * A telephone number as people write it, normalised once, for every reader of a number: the API's payer outcomes,
 * subscription billing and the checkout page. The catalogue numbers (docs/payer-outcomes.md) must choose their
 * outcome however they are spelt, and a spelling that cannot be read one way only must be refused where it arrives,
 * not silently paid. A pure rule: no store, no clock, no HTTP.
 *
 * Accepted: digits, with an optional leading `+` (not followed by 0) or the `00` international prefix, grouped by
 * spaces and dashes, any group wrapped in one pair of parentheses (`+258 (84) 000 0001`), 6 to 30
 * characters.
 * Refused: anything else (`(84`, `((84))`, `()`, `+0…`, letters, `+` inside the number).
 */

/**
 * The accepted spellings, as the OpenAPI document's `Phone` schema carries them (a test checks that the two agree):
 * no lookaround, so generators of examples from the document (json-schema-faker) can read it; `[0-9]`, not `\d`,
 * which matches other digits in some tools' regex dialects. Linear: each repetition starts with separators and then
 * one digit or one closed group, so no input can split two ways.
 */
export const PHONE_PATTERN = String.raw`^(?:\+[1-9]|\+\([1-9][0-9]*\)|[0-9]|\([0-9]+\))(?:[ -]*(?:[0-9]|\([0-9]+\)))*[ -]*$`;
export const PHONE_LENGTH = { minLength: 6, maxLength: 30 } as const;

const PHONE = new RegExp(PHONE_PATTERN);

/** Mozambique's country code; a 9-digit national number starting with 8 is a Mozambican mobile. */
const MOZAMBIQUE = '258';
const MOZAMBICAN_NATIONAL = /^8\d{8}$/;

/**
 * The number in one spelling: `+<country code><number>` when it is international (a leading `+` or `00`) or a
 * Mozambican mobile written nationally (`84 123 4567`, `258 84 123 4567`); the bare digits otherwise.
 * Undefined when the input is not a spelling of a number (see above).
 */
export function normalisePhone(input: string): string | undefined {
  const length = input.length >= PHONE_LENGTH.minLength && input.length <= PHONE_LENGTH.maxLength;
  if (!length || !PHONE.test(input)) return undefined;
  const digits = input.replace(/\D/g, '');
  if (input.startsWith('+')) return `+${digits}`;
  if (/^00[1-9]/.test(digits)) return `+${digits.slice(2)}`;
  if (MOZAMBICAN_NATIONAL.test(digits)) return `+${MOZAMBIQUE}${digits}`;
  if (digits.startsWith(MOZAMBIQUE) && MOZAMBICAN_NATIONAL.test(digits.slice(MOZAMBIQUE.length))) return `+${digits}`;
  return digits;
}

/** The 9-digit national number of a Mozambican mobile (`841234567`), however it was written; else undefined. */
export function mozambicanMobile(input: string): string | undefined {
  const normalised = normalisePhone(input);
  if (normalised === undefined || !normalised.startsWith(`+${MOZAMBIQUE}`)) return undefined;
  const national = normalised.slice(MOZAMBIQUE.length + 1);
  return MOZAMBICAN_NATIONAL.test(national) ? national : undefined;
}
