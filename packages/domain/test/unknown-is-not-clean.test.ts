/**
 * Issue 26: unknown is not clean. Every claim of absence ("Sin aditivos", the processing credit, a NOVA group
 * below 4) stands only on a list read well; a made-up word anywhere in a list takes the claim away, and the page
 * says why. The lists below are the shared catalogues' own (../shared/data), so the property holds for the
 * products people buy, not for lists written to pass it.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ADDITIVE_CATALOGUE,
  SCORE_NOTE_RULES,
  analyseProduct,
  buildAdditiveMatcher,
  explainScore,
  fruitsVegetablesLegumesPercent,
  type ProductAnalysis,
  type ProductInput,
  readIngredientList,
  scoreHighlights,
  UNKNOWN_PRODUCT_INPUT,
} from '../src/index.ts';

const matcher = buildAdditiveMatcher(ADDITIVE_CATALOGUE);

const nutrients: ProductInput = {
  ...UNKNOWN_PRODUCT_INPUT,
  energyKcal100: 350,
  totalFatG100: 5,
  saturatedFatG100: 1,
  totalSugarsG100: 4,
  fiberG100: 6,
  proteinG100: 10,
  sodiumMg100: 200,
};

const analyse = (ingredients: string | null, extra: Partial<ProductInput> = {}) =>
  analyseProduct({ ...nutrients, ingredients, ...extra }, matcher);

const highlightsOf = (a: ProductAnalysis, input: ProductInput) =>
  scoreHighlights({
    ...a,
    ...input,
    fruitsVegetablesPercent: fruitsVegetablesLegumesPercent(input),
  }).map((h) => h.text);

/** What the page would claim of a product: the absences it states. */
function claims(ingredients: string | null) {
  const input = { ...nutrients, ingredients };
  const a = analyseProduct(input, matcher);
  return {
    sinAditivos: highlightsOf(a, input).includes('Sin aditivos'),
    processingCredit: a.reasons.some((r) => r.rule === 'processing.base'),
    novaBelow4: a.novaGroup !== null && a.novaGroup < 4,
  };
}

/** Real lists: the shared Latin-American catalogue's, and the OFF world sample's. */
const sharedLists: string[] = (() => {
  const data = new URL('../../../../shared/data/products/', import.meta.url);
  const lists: string[] = [];
  for (const line of readFileSync(new URL('latam_es_lifyzer_off2019.jsonl', data), 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const text = (JSON.parse(line) as { ingredients_text: string | null }).ingredients_text;
    if (text) lists.push(text);
  }
  const rows = readFileSync(new URL('off_world_sample_2026.tsv', data), 'utf8').split('\n');
  const column = (rows[0] ?? '').split('\t').indexOf('ingredients_text');
  for (const row of rows.slice(1)) {
    const text = row.split('\t')[column];
    if (text) lists.push(text);
  }
  return lists;
})();

/** The lists a page shows with a claim of absence today: "Sin aditivos", the processing credit or NOVA below 4. */
const claimedLists = sharedLists.filter((text) => {
  const c = claims(text);
  return c.sinAditivos || c.processingCredit || c.novaBelow4;
});

/**
 * Where a word can go without landing in a statement that is no ingredient ("Puede contener…", "Contiene
 * leche."): before the first sentence stop and the first statement.
 */
function insertionPoints(text: string): number[] {
  const stops = [
    text.search(/\.(\s|$)/),
    text.search(/\b(puede|pueden|podr[ií]a|may|contains?|contiene|contienen|trazas|elaborado|fabricado)\b/i),
  ].filter((i) => i >= 0);
  const end = stops.length === 0 ? text.length : Math.min(...stops);
  const points = [0];
  let depth = 0;
  for (let i = 0; i < end; i++) {
    const c = text[i];
    if (c === '(' || c === '[') depth++;
    else if ((c === ')' || c === ']') && depth > 0) depth--;
    else if (c === ',' && depth === 0) points.push(i + 1);
  }
  points.push(end);
  return points;
}

/** A made-up word: letters in a pattern no language here uses, and which the reader does not know. */
const madeUpWord = fc
  .stringMatching(/^[bcdfgjkpvz][aeiou][bcdfgjkpvz]{2}[aeiou][bcdfgjkpvz][aeiou]?[bcdfgjkpvz]?$/)
  .filter((w) => readIngredientList(w).unrecognised.length === 1);

describe('unknown is not clean: a made-up word removes every claim of absence', () => {
  it('the shared catalogues hold lists with a claim of absence to test', () => {
    expect(claimedLists.length).toBeGreaterThan(100);
  });

  it('inserted as an ingredient of its own or inside one, anywhere in the list', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...claimedLists),
        madeUpWord,
        fc.nat(),
        fc.boolean(),
        (list, word, pick, glued) => {
          const points = insertionPoints(list);
          const at = points[pick % points.length] ?? 0;
          // Its own ingredient (", word,") or glued to the ingredient before it ("azúcar word").
          const inserted = glued ? ` ${word}` : at === 0 ? `${word}, ` : ` ${word},`;
          const after = claims(`${list.slice(0, at)}${inserted}${list.slice(at)}`);
          expect(after).toEqual({ sinAditivos: false, processingCredit: false, novaBelow4: false });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('the same holds for any list built from known foods', () => {
    const foods = [
      'azúcar',
      'harina de trigo',
      'leche entera',
      'sal',
      'aceite de maravilla',
      'avena',
      'cacao',
    ];
    fc.assert(
      fc.property(fc.subarray(foods, { minLength: 1 }), madeUpWord, fc.nat(), (list, word, at) => {
        const withWord = [...list];
        withWord.splice(at % (list.length + 1), 0, word);
        expect(claims(list.join(', ')).processingCredit).toBe(true);
        expect(claims(withWord.join(', '))).toEqual({
          sinAditivos: false,
          processingCredit: false,
          novaBelow4: false,
        });
      }),
      { numRuns: 200 },
    );
  });
});

describe('each false claim of issue 26, on the label that made it', () => {
  const cocaCola = 'Agua carbonatada, azúcares y concentrados Coca-Cola.';
  const cola = {
    ...nutrients,
    nutriscoreCategory: 'beverage' as const,
    isLiquid: true,
    energyKcal100: 30,
    totalFatG100: 0,
    saturatedFatG100: 0,
    totalSugarsG100: 7.5,
    fiberG100: 0,
    proteinG100: 0,
    sodiumMg100: 10,
  };

  it('Coca-Cola: no processing credit, no "Sin aditivos", NOVA 4, and the page says why', () => {
    const input = { ...cola, ingredients: cocaCola };
    const a = analyseProduct(input, matcher);
    expect(a.reasons.map((r) => r.rule)).not.toContain('processing.base');
    expect(a.reasons).toContainEqual({
      rule: SCORE_NOTE_RULES.unread,
      text: 'Sin crédito por procesamiento: «concentrados Coca-Cola» es un preparado industrial que no detalla su contenido',
      points: 0,
    });
    expect(highlightsOf(a, input)).not.toContain('Sin aditivos');
    expect(highlightsOf(a, input)).toContain('Ingrediente industrial sin detallar: «concentrados Coca-Cola»');
    expect(a.novaGroup).toBe(4);
    const lines = explainScore({
      ...a,
      ...input,
      fruitsVegetablesPercent: null,
    }).sections.find((s) => s.id === 'ingredients')?.lines;
    expect(lines).toEqual([
      { text: 'Preparado industrial que no detalla su contenido: «concentrados Coca-Cola»', points: 0 },
    ]);
  });

  it('the same drink on three records: the ones without a readable list no longer earn what the full list loses', () => {
    const full = analyseProduct(
      {
        ...cola,
        ingredients:
          'Agua carbonatada, azúcar, colorante caramelo IV, acidulante ácido fosfórico, saborizantes naturales, cafeína',
      },
      matcher,
    );
    const concentrate = analyseProduct({ ...cola, ingredients: cocaCola }, matcher);
    const noList = analyseProduct({ ...cola, ingredients: null }, matcher);
    const processing = (a: ProductAnalysis) =>
      a.reasons.filter((r) => r.rule.startsWith('processing.') && r.points !== 0).length;
    expect([full, concentrate, noList].map(processing)).toEqual([0, 0, 0]);
    expect(concentrate.healthScore).toBe(noList.healthScore);
    expect(full.healthScore).toBeLessThanOrEqual(concentrate.healthScore ?? 0);
  });

  it('a list with a word we cannot read does not rule out added sugar: the limit alone decides the seal', () => {
    // "azúrcares" is the label's own misspelling of the sugar it adds.
    const misspelt = analyseProduct(
      { ...cola, totalSugarsG100: 10.5, ingredients: 'Agua carbonatada, azúrcares y concentrado Coca-Cola' },
      matcher,
    );
    expect(misspelt.seals.map((s) => s.id)).toEqual(['alto-en-azucares']);
    // A list read well without any added sugar (a plain juice's own sugars) carries no sugar seal.
    const juice = analyseProduct({ ...cola, totalSugarsG100: 10.5, ingredients: 'Jugo de naranja' }, matcher);
    expect(juice.ingredientReading?.readWell).toBe(true);
    expect(juice.seals).toEqual([]);
  });

  it('a flavouring, a base, a premix: the same', () => {
    for (const ingredients of [
      'Leche, azúcar, saborizante natural',
      'Agua, azúcar, base para bebida',
      'Harina de trigo, premezcla',
    ]) {
      expect(claims(ingredients)).toEqual({ sinAditivos: false, processingCredit: false, novaBelow4: false });
    }
  });

  it('a cultured milk read well keeps its claims', () => {
    expect(claims('Leche entera pasteurizada, cultivos lácticos')).toEqual({
      sinAditivos: true,
      processingCredit: true,
      novaBelow4: true,
    });
  });

  it('no positive claim from a missing list', () => {
    const a = analyse(null);
    expect(highlightsOf(a, { ...nutrients, ingredients: null })).not.toContain('Sin aditivos');
    expect(a.ingredientReading).toBeNull();
    expect(a.novaGroup).toBeNull();
  });

  it('NOVA follows OFF: a cola category is at least 3, a group-2 category stays 2, water without a list is 1', () => {
    expect(
      analyse('agua carbonatada, azúcar', { offCategories: ['en:beverages', 'en:sodas'] }).novaGroup,
    ).toBe(3);
    expect(analyse('azúcar', { offCategories: ['en:sweeteners', 'en:sugars'] }).novaGroup).toBe(2);
    expect(analyse(null, { offCategories: ['en:beverages', 'en:waters'] }).novaGroup).toBe(1);
    expect(analyse(null, { offCategories: ['en:honeys'] }).novaGroup).toBe(2);
    expect(analyse(null, { offCategories: ['en:sodas'] }).novaGroup).toBeNull();
  });
});
