/**
 * One-letter misspellings of additive name words mended ("antoxidante", "phoshphate", "carnuba"), never into a
 * word the ingredient reader already knows.
 */
import { isKnownIngredientWord } from '../ingredients/ingredient-coverage.ts';
import { withinOneEdit } from '../text/normalize-text.ts';

/** Misspellings are corrected only in words this long: shorter words are too close to one another. */
const SPELLING_MIN_LENGTH = 7;

/** Every form of a word with one letter dropped. */
function deletions(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < word.length; i++) out.push(word.slice(0, i) + word.slice(i + 1));
  return out;
}

/**
 * A speller for the words of additive names and class words: a word the label misspells by one letter
 * ("antoxidante", "phoshphate", "carnuba", "lacithin") reads as the one name word it is one edit from, when
 * exactly one is, and the word is neither a name word nor any other word the ingredient reader knows (a food
 * is never turned into an additive). Long words only (SPELLING_MIN_LENGTH), and never by changing the last
 * letter: "isomalto" (of isomalto-oligosaccharide) is not "isomalt".
 */
export function buildSpeller(nameWords: ReadonlySet<string>): (key: string) => string {
  // Built on the first word that needs it, so compiling a matcher (at every admin edit) stays a few ms.
  let byDeletion: Map<string, Set<string>> | undefined;
  const indexOf = (): Map<string, Set<string>> => {
    if (byDeletion) return byDeletion;
    const built = new Map<string, Set<string>>();
    const index = (key: string, word: string) => {
      let set = built.get(key);
      if (!set) built.set(key, (set = new Set()));
      set.add(word);
    };
    for (const word of nameWords) {
      if (word.length < SPELLING_MIN_LENGTH || /\d/.test(word)) continue;
      index(word, word);
      for (const d of deletions(word)) index(d, word);
    }
    byDeletion = built;
    return built;
  };
  const cache = new Map<string, string>();
  return (key) => {
    if (key.length < SPELLING_MIN_LENGTH || nameWords.has(key) || /\d/.test(key)) return key;
    let fixed = cache.get(key);
    if (fixed !== undefined) return fixed;
    fixed = key;
    if (!isKnownIngredientWord(key)) {
      const candidates = new Set<string>();
      const index = indexOf();
      for (const probe of [key, ...deletions(key)])
        for (const word of index.get(probe) ?? [])
          if (word.at(-1) === key.at(-1) && withinOneEdit(key, word)) candidates.add(word);
      if (candidates.size === 1) fixed = [...candidates][0] ?? key;
    }
    if (cache.size < 20_000) cache.set(key, fixed);
    return fixed;
  };
}
