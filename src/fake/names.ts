/**
 * Hand-picked word lists for plausible Mozambican customers. Drawing from fixed lists (rather than the
 * locale data of faker) keeps names local and the dataset stable across faker upgrades.
 */

export const FIRST_NAMES = [
  'Ana', 'Maria', 'Joana', 'Graça', 'Fátima', 'Luísa', 'Teresa', 'Celeste', 'Alda', 'Rosa', 'Isabel',
  'Marta', 'Helena', 'Esperança', 'Felizarda', 'Lurdes', 'João', 'José', 'António', 'Manuel', 'Carlos',
  'Paulo', 'Alberto', 'Armando', 'Samuel', 'Fernando', 'Benedito', 'Custódio', 'Jacinto', 'Hélder',
  'Ernesto', 'Celso', 'Nélio', 'Edson',
] as const;

/** At least as many as there are seeded customers: each customer gets a different surname. */
export const SURNAMES = [
  'Muianga', 'Machava', 'Cossa', 'Nhantumbo', 'Sitoe', 'Mondlane', 'Chissano', 'Tembe', 'Langa', 'Mabunda',
  'Bila', 'Macuácua', 'Matsinhe', 'Cumbe', 'Mucavele', 'Chilaule', 'Massingue', 'Nhaca', 'Zandamela',
  'Mahumane', 'Guambe', 'Manhiça', 'Chambal', 'Uamusse',
] as const;

/** Cities with a four-digit postal code. */
export const CITIES = [
  { city: 'Maputo', postalCode: '1100' },
  { city: 'Matola', postalCode: '1114' },
  { city: 'Xai-Xai', postalCode: '1200' },
  { city: 'Inhambane', postalCode: '1300' },
  { city: 'Beira', postalCode: '2100' },
  { city: 'Chimoio', postalCode: '2200' },
  { city: 'Tete', postalCode: '2300' },
  { city: 'Quelimane', postalCode: '2400' },
  { city: 'Nampula', postalCode: '3100' },
  { city: 'Pemba', postalCode: '3200' },
] as const;

export const STREETS = [
  'Av. Julius Nyerere', 'Av. 24 de Julho', 'Av. Samora Machel', 'Av. Eduardo Mondlane', 'Av. Karl Marx',
  'Av. Vladimir Lenine', 'Av. Acordos de Lusaka', 'Av. Kenneth Kaunda', 'Rua da Resistência',
  'Av. Patrice Lumumba', 'Av. Filipe Samuel Magaia', 'Rua dos Continuadores',
] as const;

/** Vodacom (84, 85) pays with M-Pesa, Movitel (86, 87) with e-Mola. */
export const PHONE_PREFIXES = ['84', '85', '86', '87'] as const;

/** Lower-case ASCII for e-mail local parts: "Macuácua" → "macuacua". */
export function asciiSlug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}
