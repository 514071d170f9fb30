import { ADDITIVE_CATALOGUE, SUSPECT_CATALOGUE } from '@etiqueta/domain';

import type { AvoidedItem } from '@/lib/preferences';

/*
 * What "Evitar un ingrediente o aditivo" suggests: the additives of our catalogue (by code and Spanish name) and the
 * ultra-processing suspects, the same catalogues the server reads labels with, so a picked suggestion matches what
 * the product answer and the cards name (a detected additive's code, a suspect's id). Its own chunk, loaded when the
 * person reaches for the box: the catalogue is large and the screen works without it.
 */

export type Suggestion = { label: string; item: AvoidedItem };

const fold = (text: string) =>
  text
    .toLocaleLowerCase('es')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

export const SUGGESTIONS: readonly Suggestion[] = [
  ...SUSPECT_CATALOGUE.map((s) => ({ label: s.name, item: { kind: 'sospechoso' as const, id: s.id, name: s.name } })),
  ...ADDITIVE_CATALOGUE.map((a) => ({
    label: `${a.name} (${a.code})`,
    item: { kind: 'aditivo' as const, code: a.code, name: a.name },
  })),
];

const byKey = new Map<string, AvoidedItem>();
for (const { label, item } of SUGGESTIONS) {
  byKey.set(fold(label), item);
  byKey.set(fold(item.name), item);
  if (item.kind === 'aditivo') {
    // "E621", "INS 621", "621" as a label prints it.
    const number = item.code.replace(/^E/i, '');
    for (const key of [item.code, `ins ${number}`, `e ${number}`]) byKey.set(fold(key), item);
  }
}

/** What the person typed, as an item: a suggestion when it names one (by label, name or code), else an ingredient. */
export const resolveAvoided = (typed: string): AvoidedItem | null => {
  const name = typed.trim().replace(/\s+/g, ' ');
  if (name === '' || name.length > 80) return null;
  return byKey.get(fold(name)) ?? { kind: 'ingrediente', name };
};
