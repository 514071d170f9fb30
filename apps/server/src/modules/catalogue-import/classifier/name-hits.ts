import { foldKey, type TaxonomyPath } from '../taxonomy.ts';
import { type RuleSet } from './rule-set.ts';

// How a name is read: folded into words, then every place a rule set matches it, in the order a reader takes them.

/** Lower-case, accents removed, every non-alphanumeric run collapsed to one space. */
export function toWords(text: string): string {
  return foldedWords(foldKey(text));
}

/** The same for a text already folded (the ingredient list is folded once). */
export function foldedWords(folded: string): string {
  return folded
    .replace(/&/g, ' & ')
    .replace(/[^a-z0-9&%]+/g, ' ')
    .trim();
}

/**
 * `head`: the match is where a name puts its head noun (first in Spanish, last in English); `garnish`: it follows
 * "con", "with" or "in", so it names a garnish or a medium rather than the product.
 */
export type Hit = { path: TaxonomyPath; index: number; length: number; head: boolean; garnish?: boolean; english?: boolean };

/**
 * Every place a rule matches, at most one per word start (the longest there, the most specific): in reading
 * order for Spanish names, whose head noun comes first ("Galletas de chocolate" are galletas); last first for
 * English names, whose head noun comes last ("Milk Chocolate"). A word after a flavour marker ("sabor mango",
 * "flavored", "saveur") names the taste, not the product, and places nothing.
 */
export function hitsOf(text: string, ruleSet: RuleSet, order: 'first' | 'last' = 'first'): Iterable<Hit> {
  const flavour = FLAVOUR_MARKER.exec(text);
  const end = flavour ? flavour.index : text.length;
  const starts: number[] = [];
  for (let index = 0; index < end; index = text.indexOf(' ', index) + 1) {
    starts.push(index);
    if (text.indexOf(' ', index) < 0) break;
  }
  if (order === 'last') {
    // English: the match reaching furthest right ("protein bar chocolate" is a bar), the longer on a tie; what
    // follows "in" or "with" is the medium or a garnish ("Squid in garlic sauce", "Crackers with cheese").
    const medium = / (in|with) /.exec(text)?.index ?? text.length;
    const sorted = starts.flatMap((index) => hitsAt(text, ruleSet, index, end, order)).map((h) => ({ ...h, english: true }));
    sorted.sort((a, b) => b.index + b.length - (a.index + a.length) || b.length - a.length);
    return [...sorted.filter((h) => h.index < medium), ...sorted.filter((h) => h.index >= medium).map((h) => ({ ...h, garnish: true }))];
  }
  // What follows "con" or "with" garnishes the head noun ("Barra … con fresa" is no strawberry): tried after it.
  // Read lazily, word start by word start: most names are settled by their first hit.
  const garnish = / (con|with|y|and|&) /.exec(text)?.index ?? text.length;
  const ordered = [...starts.filter((i) => i <= garnish), ...starts.filter((i) => i > garnish)];
  return (function* () {
    for (const index of ordered) yield* hitsAt(text, ruleSet, index, end, order);
  })();
}

/**
 * Every shelf a rule places this word start on, the longest match first ("spaghetti con crema" is a dish, else a
 * pasta): a longer match the list rules out leaves the shorter ones.
 */
export function hitsAt(text: string, ruleSet: RuleSet, index: number, end: number, order: 'first' | 'last'): Hit[] {
  let here: Map<string, Hit> | undefined;
  const candidates = ruleSet.byFirstChar.get(text[index] ?? '') ?? [];
  for (const list of [candidates, ruleSet.anyStart]) {
    for (const rule of list) {
      if (rule.prefix && !text.startsWith(rule.prefix, index)) continue;
      rule.pattern.lastIndex = index;
      const m = rule.pattern.exec(text);
      if (!m) continue;
      const key = `${rule.path.subcategory}:${rule.path.sub2 ?? ''}`;
      const head = order === 'first' ? index === 0 : index + m[0].length >= end;
      here ??= new Map();
      if ((here.get(key)?.length ?? -1) < m[0].length) here.set(key, { path: rule.path, index, length: m[0].length, head });
    }
  }
  return here ? [...here.values()].sort((a, b) => b.length - a.length) : [];
}

const FLAVOUR_MARKER = /(^| )(sabor(es)?|saborizad[oa]s?|flavou?r(ed|s)?|saveur|gusto|aroma)( |$)/;
