import { findSubcategory, type TaxonomyPath } from '../taxonomy.ts';

// Keyword tables compiled into rule sets: each keyword a sticky pattern over folded words, bucketed by the
// characters it can start with; a table's key names the shelf ("subcategory:sub2").

/** `prefix`: letters every match starts with, checked before the pattern runs (most names fail it at once). */
type Rule = { path: TaxonomyPath; pattern: RegExp; prefix: string };

/**
 * Rules bucketed by the first character their keyword can start with, so a name is only tested against
 * the few dozen rules that can match at a word start (a plain scan of ~900 rules cost 0.2 ms per product).
 */
export type RuleSet = { byFirstChar: Map<string, Rule[]>; anyStart: Rule[] };

/** "subcategory:sub2" → path; the category follows from the subcategory. */
export function toPath(target: string): TaxonomyPath {
  const [subSlug = '', sub2] = target.split(':');
  const found = findSubcategory(subSlug);
  if (!found) throw new Error(`unknown subcategory in classifier rule: ${subSlug}`);
  if (sub2 && !found.subcategory.sub2.some((s) => s.slug === sub2)) {
    throw new Error(`unknown sub-subcategory in classifier rule: ${target}`);
  }
  return { category: found.category.slug, subcategory: subSlug, ...(sub2 ? { sub2 } : {}) };
}

/** Keywords are regex fragments over folded words (lower case, no accents, single spaces). */
export function rules(...tables: Record<string, readonly string[]>[]): RuleSet {
  const set: RuleSet = { byFirstChar: new Map(), anyStart: [] };
  for (const [target, words] of tables.flatMap((t) => Object.entries(t))) {
    const path = toPath(target);
    for (const w of words) {
      // Sticky: tested only at a word start; the lookahead keeps "pan" from matching "panela".
      const rule = { path, pattern: new RegExp(`(?:${w})(?= |$)`, 'y'), prefix: literalPrefix(w) };
      const starts = firstChars(w);
      if (!starts) set.anyStart.push(rule);
      else for (const c of starts) set.byFirstChar.set(c, [...(set.byFirstChar.get(c) ?? []), rule]);
    }
  }
  return set;
}

/** The literal letters a keyword fragment always starts with ("galletas?" → "galleta"); '' when it may vary. */
function literalPrefix(source: string): string {
  let depth = 0;
  for (const ch of source) {
    if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth--;
    else if (ch === '|' && depth === 0) return '';
  }
  const run = /^[a-z0-9 &%]*/.exec(source)?.[0] ?? '';
  // A quantifier after the run makes its last letter optional.
  return /^[?*{]/.test(source.slice(run.length)) ? run.slice(0, -1) : run;
}

/** The characters a keyword fragment can start with, or null when that is not obvious from its source. */
function firstChars(source: string): Set<string> | null {
  const c = source[0];
  if (c === undefined) return null;
  if (/[a-z0-9&% ]/.test(c)) {
    return source[1] === '?' || source[1] === '*' ? null : new Set([c]);
  }
  if (c !== '(') return null;
  let depth = 0;
  let end = -1;
  for (let i = 0; i < source.length; i++) {
    if (source[i] === '(') depth++;
    else if (source[i] === ')' && --depth === 0) {
      end = i;
      break;
    }
  }
  if (end < 0 || source[end + 1] === '?' || source[end + 1] === '*') return null;
  const inner = source.slice(source.startsWith('(?:') ? 3 : 1, end);
  const alternatives: string[] = [];
  let current = '';
  depth = 0;
  for (const ch of inner) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === '|' && depth === 0) {
      alternatives.push(current);
      current = '';
    } else current += ch;
  }
  alternatives.push(current);
  const out = new Set<string>();
  for (const alt of alternatives) {
    const sub = firstChars(alt);
    if (!sub) return null;
    for (const x of sub) out.add(x);
  }
  return out;
}
