/**
 * `npm run eval:domain`: runs the domain analysis over the real products in ../shared/data and prints
 * - Nutri-Score 2023 grade agreement with Open Food Facts (rows with OFF's grade and complete inputs),
 * - additive detection precision and recall against OFF's additives_tags, compared at base number (e322i → e322),
 * - NOVA agreement (exact, and NOVA-4 vs not-4),
 * - how many Latin-American products got a score,
 * - allergen reading ("contains" and, apart, traces) against OFF's allergens and traces_tags, and against the
 *   hand-read Spanish labels of eval-data/hand-read-allergens.json,
 * - the slowest product's analysis time, and whether any product threw.
 * Exits with code 1 when a product throws.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import {
  ADDITIVE_CATALOGUE,
  type NutriscoreCategory,
  type ProductAnalysis,
  type ProductInput,
  analyseProduct,
  baseNumberKey,
  buildAdditiveMatcher,
  codeKey,
  inferNutriscoreCategory,
  type AllergenId,
  allergensInText,
  normalizeToWords,
  offAllergenId,
  readAllergens,
  readIngredientList,
  UNKNOWN_PRODUCT_INPUT,
} from '../src/index.ts';
import { readLatamProducts } from './latam-products.ts';

const dataDir = new URL('../../../../shared/data/', import.meta.url);
const read = (path: string): string => readFileSync(new URL(path, dataDir), 'utf8');

// ---- small parsers -------------------------------------------------------------------------------------

function parseTsv(text: string): Record<string, string>[] {
  const lines = text.split('\n');
  const header = (lines[0] ?? '').split('\t');
  return lines
    .slice(1)
    .filter((l) => l.trim() !== '')
    .map((line) => {
      const cells = line.split('\t');
      return Object.fromEntries(header.map((h, i) => [h, cells[i] ?? '']));
    });
}

/** RFC 4180 CSV (quoted fields with commas, doubled quotes, newlines). */
function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  const header = rows[0] ?? [];
  return rows.slice(1).map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i] ?? ''])));
}

const num = (s: string | number | null | undefined): number | null => {
  if (s === null || s === undefined || s === '') return null;
  const n = typeof s === 'number' ? s : Number.parseFloat(s);
  return Number.isFinite(n) ? n : null;
};

/**
 * Modified starches: OFF tags a label's generic "modified starch" / "amidon modifié" as "en:e14xx" (key "e14"),
 * a group, not one additive; we report a specific E14NN (E1403 carries OFF's own French synonym "amidon modifié").
 * Both name the same additive family, so at base level our E1400–E1499 is the same additive as OFF's e14xx.
 * The detection is not changed for this; only the comparison reads the group.
 */
const MODIFIED_STARCH_GROUP = 'e14';
const isModifiedStarch = (key: string): boolean => /^e14\d\d$/.test(key);
/** Our base key as OFF would file it on this product: E14NN becomes OFF's group key when OFF has only the group. */
function asOffKey(key: string, offSet: ReadonlySet<string>): string {
  return isModifiedStarch(key) && !offSet.has(key) && offSet.has(MODIFIED_STARCH_GROUP)
    ? MODIFIED_STARCH_GROUP
    : key;
}

// ---- shared set-up -------------------------------------------------------------------------------------

const matcher = buildAdditiveMatcher(ADDITIVE_CATALOGUE);
/** Every name of the catalogue, normalised: a matched text outside it was read through the speller. */
const CATALOGUE_NAMES = new Set(
  ADDITIVE_CATALOGUE.flatMap((a) => [
    a.name,
    ...a.alternativeNames,
    ...a.englishNames,
    ...(a.frenchNames ?? []),
  ]).map(normalizeToWords),
);
const organicLabels = new Set(
  (JSON.parse(read('taxonomies/labels_organic.json')) as { id: string }[]).map((l) => l.id.toLowerCase()),
);

let exceptions = 0;
let analysed = 0;
let slowest = { ms: 0, what: '' };
let totalMs = 0;

let slowestCold = { ms: 0, what: '' };

/** Times the first (cold, JIT still warming) run apart from the steady state (best of three further runs). */
function timedAnalyse(input: ProductInput, what: string): ProductAnalysis | null {
  try {
    const coldStart = performance.now();
    analyseProduct(input, matcher);
    const coldMs = performance.now() - coldStart;
    if (coldMs > slowestCold.ms) slowestCold = { ms: coldMs, what };
    // Best of three repeated runs, so a garbage-collection pause or another process does not pose as a slow product.
    let ms = Infinity;
    let result = analyseProduct(input, matcher);
    for (let run = 0; run < 3; run++) {
      const start = performance.now();
      result = analyseProduct(input, matcher);
      ms = Math.min(ms, performance.now() - start);
    }
    totalMs += ms;
    analysed++;
    if (ms > slowest.ms) slowest = { ms, what };
    return result;
  } catch (error) {
    exceptions++;
    console.error(`  ! exception on ${what}:`, error);
    return null;
  }
}

const pct = (a: number, b: number): string => (b === 0 ? 'n/a' : `${((100 * a) / b).toFixed(1)} %`);
const verdict = (ok: boolean): string => (ok ? 'OK' : 'BELOW TARGET');

// ---- reading: the share of ingredients recognised (readIngredientList) ------------------------------------

type ReadingStats = {
  lists: number;
  ingredients: number;
  recognised: number;
  readWell: number;
  undeclared: number;
};
const readingStats = new Map<string, ReadingStats>();
const unknownWords = new Map<string, number>();
function countReading(set: string, analysis: ProductAnalysis | null, text: string | null): void {
  if (!analysis || !text) return;
  const r = analysis.ingredientReading;
  if (r === null) return;
  const st = readingStats.get(set) ?? { lists: 0, ingredients: 0, recognised: 0, readWell: 0, undeclared: 0 };
  st.lists++;
  st.ingredients += r.ingredientCount;
  st.recognised += r.recognisedCount;
  if (r.readWell) st.readWell++;
  if (r.undeclared.length > 0) st.undeclared++;
  readingStats.set(set, st);
  for (const ingredient of readIngredientList(text).ingredients)
    for (const w of ingredient.unknownWords) unknownWords.set(w, (unknownWords.get(w) ?? 0) + 1);
}

// ---- allergens: our reading of the text against OFF's tags ---------------------------------------------------

type PairStats = {
  tp: number;
  fp: number;
  fn: number;
  /** FP whose allergen OFF's own ingredient parse names (OFF read it and left it out of its allergen tags). */
  referenceGaps: number;
  /** FN whose allergen OFF's own ingredient parse does not name: OFF took it from elsewhere than this text. */
  notInText: number;
  fpCount: Map<string, number>;
  fnCount: Map<string, number>;
};
const newPairs = (): PairStats => ({ tp: 0, fp: 0, fn: 0, referenceGaps: 0, notInText: 0, fpCount: new Map(), fnCount: new Map() });
const allergenEval = {
  products: 0,
  withOffTags: 0,
  contains: newPairs(),
  containsTagged: newPairs(),
  traces: newPairs(),
  tracesStated: newPairs(),
  /** Products whose list we read well (status 'complete'): any allergen OFF tags that we do not is a false absence. */
  complete: 0,
  falseAbsences: [] as string[],
};
/** Any wording of a precautionary statement, in the languages of the sample (deliberately wide). */
const PRECAUTION_WORDS =
  /may contain|puede contener|peut contenir|traces?\b|trazas|spuren|facility|equipment|atelier|l[ií]neas? que|planta que|kann .* enthalten/i;
const tagList = (cell: string | undefined): string[] =>
  (cell ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
const mapped = (tags: string[]): Set<AllergenId> =>
  new Set(tags.map(offAllergenId).filter((id): id is AllergenId => id !== null));
function comparePairs(st: PairStats, ours: ReadonlySet<AllergenId>, offs: ReadonlySet<AllergenId>, offRead: ReadonlySet<AllergenId>, code: string, kind: string): void {
  for (const id of ours) {
    if (offs.has(id)) st.tp++;
    else {
      st.fp++;
      bump(st.fpCount, id);
      if (offRead.has(id)) st.referenceGaps++;
      if (process.env['EVAL_DEBUG']) console.log(`allergen ${kind} extra ${id} in ${code}${offRead.has(id) ? ' (OFF parsed it)' : ''}`);
    }
  }
  for (const id of offs)
    if (!ours.has(id)) {
      st.fn++;
      bump(st.fnCount, id);
      if (!offRead.has(id)) st.notInText++;
      if (process.env['EVAL_DEBUG']) console.log(`allergen ${kind} miss ${id} in ${code}`);
    }
}
/** Our reading of the text alone (OFF's tags are not given to the reader: they are the reference). */
function countAllergens(row: Record<string, string>): void {
  const text = row['ingredients_text'] ?? '';
  const reading = readIngredientList(text);
  if (reading.missing) return;
  const ours = readAllergens({ ingredients: text, reading, additives: matcher.detect(text) }).allergens;
  const offContains = mapped(tagList(row['allergens']));
  const offTraces = mapped(tagList(row['traces_tags']));
  // What OFF's own ingredient parse names (en:whole-milk, en:wheat-flour): an allergen there that its
  // allergens tags leave out is a gap of the reference, reported apart.
  const offIngredients = tagList(row['ingredients_tags']);
  const offRead = new Set(allergensInText(offIngredients.map((t) => t.replace(/^[a-z]{2}:/, '').replace(/-/g, ' ')).join(', ')));
  if (offIngredients.some((t) => /^en:e22[0-8]/.test(t))) offRead.add('sulfitos');
  allergenEval.products++;
  const code = row['code'] ?? '';
  comparePairs(allergenEval.contains, new Set(ours.contains), offContains, offRead, code, 'contains');
  if (tagList(row['allergens']).length + tagList(row['traces_tags']).length > 0) {
    allergenEval.withOffTags++;
    comparePairs(allergenEval.containsTagged, new Set(ours.contains), offContains, offRead, code, 'contains(tagged)');
  }
  comparePairs(allergenEval.traces, new Set(ours.traces), offTraces, new Set(), code, 'traces');
  // OFF keeps traces in a field of their own ("traces"), often typed from the pack's statement apart from the
  // list: only a text that holds a precautionary statement can give them.
  if (PRECAUTION_WORDS.test(text))
    comparePairs(allergenEval.tracesStated, new Set(ours.traces), offTraces, new Set(), code, 'traces(stated)');
  if (ours.status === 'complete') {
    allergenEval.complete++;
    const missed = [...offContains, ...offTraces].filter((id) => !ours.contains.includes(id) && !ours.traces.includes(id));
    if (missed.length > 0) allergenEval.falseAbsences.push(`${code}: ${missed.join(' ')}`);
  }
}

// ---- 1. OFF world sample (official export, OFF's own grades, NOVA and additive tags) -------------------

const world = parseTsv(read('products/off_world_sample_2026.tsv'));
let gradeRows = 0;
let gradeAgree = 0;
const gradeMisses: string[] = [];
/**
 * Additive counts for one set of products. A false positive is a "reference gap" when OFF's own ingredient parse
 * shows its reference is incomplete: the additive name we matched sits inside one of OFF's ingredient tags that is
 * longer than the name ("en:soy-lecithin-an-emulsifier", "en:lecithin-as-emulsifier"), i.e. OFF read the words
 * but never split out the additive.
 */
type AdditiveStats = {
  rows: number;
  tp: number;
  fp: number;
  fn: number;
  referenceGaps: number;
  /** Of the reference gaps, names we read through a one-letter misspelling that OFF kept unplaced. */
  misspelt: number;
  /** False positives whose code OFF's own ingredients_tags carry although its additives_tags do not. */
  listedByOff: number;
  gapCount: Map<string, number>;
  fpCount: Map<string, number>;
  fnCount: Map<string, number>;
};
const newStats = (): AdditiveStats => ({
  rows: 0,
  tp: 0,
  fp: 0,
  fn: 0,
  referenceGaps: 0,
  misspelt: 0,
  listedByOff: 0,
  gapCount: new Map(),
  fpCount: new Map(),
  fnCount: new Map(),
});
const bump = (m: Map<string, number>, k: string): void => void m.set(k, (m.get(k) ?? 0) + 1);
/**
 * Development and held-out parts of the world sample. From issue 15 on, detection is tuned on the development
 * part only; the held-out part (3 in 10 products, by a hash of the barcode) is reported, never read while tuning.
 */
function isHeldOut(barcode: string): boolean {
  let h = 2166136261;
  for (let i = 0; i < barcode.length; i++) h = Math.imul(h ^ barcode.charCodeAt(i), 16777619);
  return (h >>> 0) % 10 < 3;
}
const additiveStats = { development: newStats(), heldOut: newStats() };
let novaRows = 0;
/** World-sample products OFF gives a group whose list we did not read well enough to claim one below 4. */
let novaUnestimated = 0;
let novaExact = 0;
let nova4Agree = 0;
let off4 = 0;
let off4Hit = 0;
let our4 = 0;
let our4Hit = 0;

for (const row of world) {
  const categories = (row['categories_tags'] ?? '').split(',').filter(Boolean);
  const inferred = inferNutriscoreCategory(categories);
  const salt = num(row['salt_100g']);
  const sodium = num(row['sodium_100g']);
  const input: ProductInput = {
    ...UNKNOWN_PRODUCT_INPUT,
    ingredients: row['ingredients_text'] || null,
    organic: (row['labels_tags'] ?? '').split(',').some((t) => organicLabels.has(t.trim().toLowerCase())),
    offCategories: categories,
    nutriscoreCategory: inferred.category,
    isWater: inferred.isWater,
    isRedMeat: inferred.isRedMeat,
    frutasPercentage: num(row['fruits-vegetables-legumes_100g']),
    energyKcal100: num(row['energy-kcal_100g']),
    energyKj100: num(row['energy-kj_100g']) ?? num(row['energy_100g']),
    totalFatG100: num(row['fat_100g']),
    saturatedFatG100: num(row['saturated-fat_100g']),
    totalSugarsG100: num(row['sugars_100g']),
    fiberG100: num(row['fiber_100g']),
    proteinG100: num(row['proteins_100g']),
    sodiumMg100: salt !== null ? (salt / 2.5) * 1000 : sodium !== null ? sodium * 1000 : null,
  };
  const result = timedAnalyse(input, `world ${row['code']}`);
  if (!result) continue;
  countReading('OFF world sample (US, FR)', result, input.ingredients);

  const offGrade = row['nutriscore_grade'] ?? '';
  const complete =
    input.energyKj100 !== null &&
    input.saturatedFatG100 !== null &&
    input.totalSugarsG100 !== null &&
    salt !== null &&
    input.proteinG100 !== null &&
    (input.nutriscoreCategory !== 'added_fat' || input.totalFatG100 !== null);
  if (/^[a-e]$/.test(offGrade) && complete && result.nutriscore) {
    gradeRows++;
    if (result.nutriscore.grade === offGrade) gradeAgree++;
    else
      gradeMisses.push(
        `${row['code']} OFF ${offGrade}/${row['nutriscore_score']} ours ${result.nutriscore.grade}/${result.nutriscore.score} [${inferred.category}]`,
      );
  }

  if (row['ingredients_text'] && row['additives_n'] !== '') {
    const stats = isHeldOut(row['code'] ?? '') ? additiveStats.heldOut : additiveStats.development;
    stats.rows++;
    const offSet = new Set(
      (row['additives_tags'] ?? '')
        .split(',')
        .filter(Boolean)
        .map((t) => baseNumberKey(codeKey(t.replace(/^en:/, '')))),
    );
    const ourSet = new Set(
      result.detectedAdditives.map((a) => asOffKey(baseNumberKey(codeKey(a.code)), offSet)),
    );
    const offIngredientTags = (row['ingredients_tags'] ?? '')
      .split(',')
      .map((t) => t.replace(/^[a-z]{2}:/, ''));
    const seenBase = new Set<string>();
    for (const a of result.detectedAdditives) {
      const k = asOffKey(baseNumberKey(codeKey(a.code)), offSet);
      if (seenBase.has(k)) continue;
      seenBase.add(k);
      if (offSet.has(k)) {
        stats.tp++;
        continue;
      }
      stats.fp++;
      bump(stats.fpCount, k);
      const slug = normalizeToWords(a.matchedText).replace(/ /g, '-');
      // A name we read through a one-letter misspelling ("carnuba wax") that OFF kept as an ingredient it could
      // not place (its ingredients_tags hold the misspelt words as they are): OFF read it and could not tag it.
      const misspeltUnread =
        !CATALOGUE_NAMES.has(normalizeToWords(a.matchedText)) && offIngredientTags.includes(slug);
      if (process.env['EVAL_DEBUG'])
        console.log(
          `extra ${k} («${a.matchedText}») in ${row['code']}${stats === additiveStats.heldOut ? ' [held-out]' : ''}`,
        );
      if (misspeltUnread) {
        stats.referenceGaps++;
        stats.misspelt++;
        bump(stats.gapCount, k);
      } else if (offIngredientTags.some((t) => t.length > slug.length && t.includes(slug))) {
        stats.referenceGaps++;
        bump(stats.gapCount, k);
      } else if (offIngredientTags.some((t) => /^e\d/.test(t) && baseNumberKey(codeKey(t)) === k)) {
        // OFF's own ingredient parse names the additive by its code ("en:e950") but its additives_tags leave it
        // out ("Süßungsmittel Natriumsaccharin und Acesulfam-K"). Reported apart, not in the 0.97 figure.
        stats.listedByOff++;
      }
    }
    for (const k of offSet) {
      if (!ourSet.has(k)) {
        stats.fn++;
        bump(stats.fnCount, k);
        if (process.env['EVAL_DEBUG'])
          console.log(
            `miss ${k} in ${row['code']}${stats === additiveStats.heldOut ? ' [held-out]' : ''}: ${row['ingredients_text']}`,
          );
      }
    }
  }

  if (row['ingredients_text']) countAllergens(row);

  const offNova = num(row['nova_group']);
  if (offNova !== null && row['ingredients_text'] && result.novaGroup === null) novaUnestimated++;
  if (offNova !== null && row['ingredients_text'] && result.novaGroup !== null) {
    novaRows++;
    if (offNova === result.novaGroup) novaExact++;
    if ((offNova === 4) === (result.novaGroup === 4)) nova4Agree++;
    if (offNova === 4) {
      off4++;
      if (result.novaGroup === 4) off4Hit++;
    }
    if (result.novaGroup === 4) {
      our4++;
      if (offNova === 4) our4Hit++;
    }
  }
}

// ---- 2. Spanish supermarket products (OFF grade and NOVA; no ingredients, fibre or fruit %) ------------

const spain = parseCsv(read('products/es_spain_off_nutriscore_nova.csv'));
let spainRows = 0;
let spainAgree = 0;
for (const row of spain) {
  if (row['nutrition_data_per'] !== '100g') continue;
  const groups = (row['off:food_groups_tags'] ?? '').split(',');
  const text = `${row['categories'] ?? ''}`.toLowerCase();
  let category: NutriscoreCategory = 'solid';
  let isWater = false;
  const isDrinkMilk =
    /\bleches?\b/.test(text) &&
    !/yogur|fermentad|postre|queso|nata|mantequilla|en polvo|condensada/.test(text);
  if (groups.includes('en:beverages') || isDrinkMilk || /bebidas? vegetal/.test(text)) category = 'beverage';
  if (groups.includes('en:waters-and-flavored-waters') && !/sabor|aromatizad/.test(text)) isWater = true;
  if (groups.includes('en:fats') || groups.includes('en:nuts')) category = 'added_fat';
  if (groups.includes('en:cheese')) category = 'cheese';
  const kcal = row['energy-kcal_unit'] === 'kcal' ? num(row['energy-kcal_value']) : null;
  const energyRaw = num(row['energy_value']);
  const kj = (row['energy_unit'] ?? '').toLowerCase() === 'kj' ? energyRaw : null;
  const salt = row['salt_unit'] === 'g' ? num(row['salt_value']) : null;
  const input: ProductInput = {
    ...UNKNOWN_PRODUCT_INPUT,
    nutriscoreCategory: category,
    isWater,
    isRedMeat: groups.includes('en:meat-other-than-poultry'),
    // OFF counts olive oil as 100 % fruit/vegetable from its category (see the olive-oil vector note).
    frutasPercentage: /aceites? de oliva/.test(text) && category === 'added_fat' ? 100 : null,
    energyKcal100: kcal,
    energyKj100: kj,
    totalFatG100: num(row['fat_value']),
    saturatedFatG100: num(row['saturated-fat_value']),
    totalSugarsG100: num(row['sugars_value']),
    proteinG100: num(row['proteins_value']),
    sodiumMg100: salt === null ? null : (salt / 2.5) * 1000,
  };
  const result = timedAnalyse(input, `spain ${row['product_name_es']}`);
  const offGrade = row['off:nutriscore_grade'] ?? '';
  if (
    !result?.nutriscore ||
    !/^[a-e]$/.test(offGrade) ||
    row['off:food_groups_tags'] === '' ||
    groups.includes('en:alcoholic-beverages')
  )
    continue;
  spainRows++;
  if (result.nutriscore.grade === offGrade) spainAgree++;
  else if (process.env['EVAL_DEBUG'])
    console.log(
      `spain miss ${offGrade}→${result.nutriscore.grade} [${category}] ${groups.join('|')} ${row['product_name_es']}`,
    );
}

// ---- 3. Latin-American products (2019 OFF dump) ---------------------------------------------------------

const latam = readLatamProducts();
const latamScored = new Map<string, [number, number]>();
let latamAdditives = 0;
for (const p of latam) {
  const fat = p.fat_100g;
  const carbs = p.carbohydrates_100g;
  const proteins = p.proteins_100g;
  // README: energy is not in this extract; kcal ≈ 9·fat + 4·carbohydrates + 4·proteins + 2·fibre.
  const kcal =
    fat !== null && carbs !== null && proteins !== null
      ? 9 * fat + 4 * carbs + 4 * proteins + 2 * (p.fiber_100g ?? 0)
      : null;
  const input: ProductInput = {
    ...UNKNOWN_PRODUCT_INPUT,
    ingredients: p.ingredients_text,
    energyKcal100: kcal,
    totalFatG100: fat,
    saturatedFatG100: p['saturated-fat_100g'],
    totalSugarsG100: p.sugars_100g,
    fiberG100: p.fiber_100g,
    proteinG100: proteins,
    sodiumMg100:
      p.salt_100g !== null
        ? (p.salt_100g / 2.5) * 1000
        : p.sodium_100g !== null
          ? p.sodium_100g * 1000
          : null,
  };
  const result = timedAnalyse(input, `latam ${p.code}`);
  countReading(
    p.gs1_prefix_country === 'CL'
      ? 'Chile (780…)'
      : p.gs1_prefix_country === 'ES'
        ? 'Spain (84…)'
        : 'other Latin America',
    result,
    p.ingredients_text,
  );
  const key = p.gs1_prefix_country === 'ES' ? 'ES' : p.gs1_prefix_country === 'CL' ? 'CL' : 'otros LatAm';
  const entry = latamScored.get(key) ?? [0, 0];
  entry[1]++;
  if (result && result.healthScore !== null) entry[0]++;
  latamScored.set(key, entry);
  if (result && result.detectedAdditives.length > 0) latamAdditives++;
}

// ---- 4. Hand-checked reference: real Spanish labels read one by one -------------------------------------

type HandLabel = { code: string; country: string; product: string; additives: string[]; note: string };
const handChecked = (
  JSON.parse(readFileSync(new URL('eval-data/hand-checked-labels.json', import.meta.url), 'utf8')) as {
    labels: HandLabel[];
  }
).labels;
const latamByCode = new Map(latam.map((p) => [p.code, p]));
const hand = { tp: 0, fp: 0, fn: 0, disagreements: [] as string[] };
for (const label of handChecked) {
  const text = latamByCode.get(label.code)?.ingredients_text;
  if (!text) throw new Error(`hand-checked label ${label.code} is not in the shared LatAm file`);
  const expected = new Set(
    label.additives.map((k) => (k === MODIFIED_STARCH_GROUP ? k : baseNumberKey(codeKey(k)))),
  );
  const ours = new Set(
    matcher.detect(text).map((a) => {
      const k = baseNumberKey(codeKey(a.code));
      return isModifiedStarch(k) ? MODIFIED_STARCH_GROUP : k;
    }),
  );
  const extra = [...ours].filter((k) => !expected.has(k));
  const missed = [...expected].filter((k) => !ours.has(k));
  hand.tp += [...ours].filter((k) => expected.has(k)).length;
  hand.fp += extra.length;
  hand.fn += missed.length;
  if (extra.length + missed.length > 0)
    hand.disagreements.push(
      `${label.code} ${label.product}: ${extra.length ? `we add ${extra.join(' ')}` : ''}${extra.length && missed.length ? '; ' : ''}${missed.length ? `we miss ${missed.join(' ')}` : ''}${label.note ? ` (${label.note})` : ''}`,
    );
}

// ---- 5. Hand-read allergens: real Spanish labels read one by one ----------------------------------------------

type HandAllergenLabel = { code: string; country: string; product: string; contains: AllergenId[]; traces: AllergenId[]; note: string };
const handAllergens = (
  JSON.parse(readFileSync(new URL('eval-data/hand-read-allergens.json', import.meta.url), 'utf8')) as {
    labels: HandAllergenLabel[];
  }
).labels;
const handA = { contains: newPairs(), traces: newPairs(), agreeLabels: 0, disagreements: [] as string[] };
for (const label of handAllergens) {
  const text = latamByCode.get(label.code)?.ingredients_text;
  if (!text) throw new Error(`hand-read label ${label.code} is not in the shared LatAm file`);
  const reading = readIngredientList(text);
  const ours = readAllergens({ ingredients: text, reading, additives: matcher.detect(text) }).allergens;
  const before = handA.contains.fp + handA.contains.fn + handA.traces.fp + handA.traces.fn;
  comparePairs(handA.contains, new Set(ours.contains), new Set(label.contains), new Set(), label.code, 'hand contains');
  comparePairs(handA.traces, new Set(ours.traces), new Set(label.traces), new Set(), label.code, 'hand traces');
  if (handA.contains.fp + handA.contains.fn + handA.traces.fp + handA.traces.fn === before) handA.agreeLabels++;
  else {
    const diff = (a: readonly string[], b: readonly string[]) => a.filter((x) => !b.includes(x));
    const parts = [
      diff(ours.contains, label.contains).length ? `we add ${diff(ours.contains, label.contains).join(' ')}` : '',
      diff(label.contains, ours.contains).length ? `we miss ${diff(label.contains, ours.contains).join(' ')}` : '',
      diff(ours.traces, label.traces).length ? `we add traces ${diff(ours.traces, label.traces).join(' ')}` : '',
      diff(label.traces, ours.traces).length ? `we miss traces ${diff(label.traces, ours.traces).join(' ')}` : '',
    ].filter(Boolean);
    handA.disagreements.push(`${label.code} ${label.product}: ${parts.join('; ')}${label.note ? ` (${label.note})` : ''}`);
  }
}

function pr(st: PairStats): string {
  const p = st.tp / Math.max(1, st.tp + st.fp);
  const r = st.tp / Math.max(1, st.tp + st.fn);
  return `TP ${st.tp}  FP ${st.fp}  FN ${st.fn}; precision ${p.toFixed(3)}, recall ${r.toFixed(3)}`;
}
function reportAllergens(): void {
  const c = allergenEval.contains;
  const pGaps = (c.tp + c.referenceGaps) / Math.max(1, c.tp + c.fp);
  const r = c.tp / Math.max(1, c.tp + c.fn);
  console.log(
    `Allergens read from the ingredient text vs OFF's allergens + traces_tags (world sample, ${allergenEval.products} products with a list; pairs product × allergen)`,
  );
  console.log(`  contains, every product with a list: ${pr(c)}`);
  console.log(
    `    precision counting as correct the ${c.referenceGaps} FP whose allergen OFF's own ingredients_tags name (OFF parsed the ingredient and left it out of its allergens): ${pGaps.toFixed(3)}  target ≥ 0.95: ${verdict(pGaps >= 0.95)}`,
  );
  const rText = c.tp / Math.max(1, c.tp + c.fn - c.notInText);
  console.log(`    recall ${r.toFixed(3)}  target ≥ 0.95: ${verdict(r >= 0.95)}`);
  console.log(
    `    recall of what OFF's own parse finds in the same text (leaving out the ${c.notInText} FN it does not: the sample's text cut short, or the producer's declaration): ${rText.toFixed(3)}  target ≥ 0.95: ${verdict(rText >= 0.95)}`,
  );
  console.log(`    most frequent extra: ${top(c.fpCount) || '-'}; most frequent misses: ${top(c.fnCount) || '-'}`);
  const t = allergenEval.containsTagged;
  console.log(`  contains, the ${allergenEval.withOffTags} products OFF tagged at all: ${pr(t)}; with OFF's parsing gaps ${((t.tp + t.referenceGaps) / Math.max(1, t.tp + t.fp)).toFixed(3)}`);
  console.log(`  traces (reported apart): ${pr(allergenEval.traces)}`);
  console.log(`    on the texts that hold a precautionary statement at all: ${pr(allergenEval.tracesStated)}`);
  console.log(`    most frequent extra: ${top(allergenEval.traces.fpCount) || '-'}; most frequent misses: ${top(allergenEval.traces.fnCount) || '-'}`);
  console.log(
    `  lists read well ('complete'): ${allergenEval.complete}; of them, with an allergen OFF tags that we would call absent: ${allergenEval.falseAbsences.length}${allergenEval.falseAbsences.length ? ` (${allergenEval.falseAbsences.join('; ')})` : ''}`,
  );
  console.log('');
  console.log(
    `Allergens vs the hand-read reference (scripts/eval-data/hand-read-allergens.json), ${handAllergens.length} real Spanish labels; labels in full agreement ${handA.agreeLabels}/${handAllergens.length}`,
  );
  console.log(`  contains: ${pr(handA.contains)}`);
  console.log(`  traces:   ${pr(handA.traces)}`);
  for (const d of handA.disagreements) console.log(`  ${d}`);
}

// ---- report --------------------------------------------------------------------------------------------

const top = (m: Map<string, number>) =>
  [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12)
    .map(([k, v]) => `${k}×${v}`)
    .join(' ');

console.log('Etiqueta Clara: domain evaluation over ../shared/data');
console.log('');
console.log('Nutri-Score 2023 grade agreement with Open Food Facts');
console.log(
  `  world sample (complete inputs):   ${gradeAgree}/${gradeRows} = ${pct(gradeAgree, gradeRows)}  target ≥ 95 %: ${verdict(gradeAgree / gradeRows >= 0.95)}`,
);
console.log(
  `  Spain CSV (no fibre, no fruit %): ${spainAgree}/${spainRows} = ${pct(spainAgree, spainRows)}  (inputs incomplete: indicative only)`,
);
console.log(
  `  combined:                         ${gradeAgree + spainAgree}/${gradeRows + spainRows} = ${pct(gradeAgree + spainAgree, gradeRows + spainRows)}`,
);
if (gradeMisses.length > 0) console.log(`  world disagreements: ${gradeMisses.join('; ')}`);
console.log('');
const merged = newStats();
for (const part of [additiveStats.development, additiveStats.heldOut]) {
  for (const k of ['rows', 'tp', 'fp', 'fn', 'referenceGaps', 'misspelt', 'listedByOff'] as const)
    merged[k] += part[k];
  for (const k of ['gapCount', 'fpCount', 'fnCount'] as const)
    for (const [code, n] of part[k]) merged[k].set(code, (merged[k].get(code) ?? 0) + n);
}
function reportAdditives(title: string, st: AdditiveStats, detail: boolean): void {
  const precision = st.tp / (st.tp + st.fp);
  const withGaps = (st.tp + st.referenceGaps) / (st.tp + st.fp);
  const recall = st.tp / (st.tp + st.fn);
  console.log(`  ${title}: ${st.rows} products with ingredients; TP ${st.tp}  FP ${st.fp}  FN ${st.fn}`);
  console.log(
    `    precision ${precision.toFixed(3)}; counting OFF's reading gaps (${st.referenceGaps} of the FP: unsplit ingredients, ${st.misspelt} misspelt names it left unplaced) as correct ${withGaps.toFixed(3)}  target ≥ 0.97: ${verdict(withGaps >= 0.97)}`,
  );
  console.log(
    `    (also counting the ${st.listedByOff} FP whose code OFF's own ingredients_tags carry: ${((st.tp + st.referenceGaps + st.listedByOff) / (st.tp + st.fp)).toFixed(3)})`,
  );
  console.log(`    recall    ${recall.toFixed(3)}  target ≥ 0.97: ${verdict(recall >= 0.97)}`);
  if (!detail) return;
  console.log(`    reference gaps: ${top(st.gapCount) || '-'}`);
  console.log(`    most frequent false positives: ${top(st.fpCount) || '-'}`);
  console.log(`    most frequent misses:          ${top(st.fnCount) || '-'}`);
}
console.log(
  'Ingredients recognised (readIngredientList: food, additive, suspect, NOVA marker or class word)',
);
const allReading = { lists: 0, ingredients: 0, recognised: 0, readWell: 0, undeclared: 0 };
for (const [set, st] of readingStats) {
  for (const k of ['lists', 'ingredients', 'recognised', 'readWell', 'undeclared'] as const)
    allReading[k] += st[k];
  console.log(
    `  ${set.padEnd(26)} ${st.recognised}/${st.ingredients} = ${pct(st.recognised, st.ingredients)} of ingredients; lists read well ${st.readWell}/${st.lists} = ${pct(st.readWell, st.lists)}; with an undeclared preparation ${st.undeclared}`,
  );
}
console.log(
  `  ${'all shared catalogues'.padEnd(26)} ${allReading.recognised}/${allReading.ingredients} = ${pct(allReading.recognised, allReading.ingredients)} of ingredients; lists read well ${allReading.readWell}/${allReading.lists} = ${pct(allReading.readWell, allReading.lists)}`,
);
console.log(`  most frequent unknown words: ${top(unknownWords)}`);
console.log('');
console.log('Additive detection vs OFF additives_tags (base number)');
reportAdditives('development part (tuned on)', additiveStats.development, true);
reportAdditives('held-out part (never tuned on, 3 in 10 by barcode hash)', additiveStats.heldOut, false);
reportAdditives('whole world sample', merged, true);
console.log('');
console.log(
  `Additive detection vs the hand-checked reference (scripts/eval-data/hand-checked-labels.json), ${handChecked.length} real Spanish labels (CL, MX, AR, ES)`,
);
console.log(
  `  TP ${hand.tp}  FP ${hand.fp}  FN ${hand.fn}; precision ${(hand.tp / (hand.tp + hand.fp)).toFixed(3)}, recall ${(hand.tp / (hand.tp + hand.fn)).toFixed(3)}`,
);
for (const d of hand.disagreements) console.log(`  ${d}`);
console.log('');
reportAllergens();
console.log('');
console.log(
  `NOVA vs OFF nova_group (OFF's category markers included), ${novaRows} products with ingredients and a group of ours`,
);
console.log(
  `  not estimated (no NOVA 4 marker and the list not read well enough to claim less): ${novaUnestimated}`,
);
console.log(`  exact group agreement:          ${pct(novaExact, novaRows)}`);
console.log(
  `  NOVA-4 vs not-4 agreement:      ${pct(nova4Agree, novaRows)}  target ≥ 85 %: ${verdict(nova4Agree / novaRows >= 0.85)}`,
);
console.log(
  `  NOVA-4 recall (OFF 4 → ours 4): ${pct(off4Hit, off4)}   NOVA-4 precision: ${pct(our4Hit, our4)}`,
);
console.log('');
console.log(`Latin-American and Spanish products (2019 dump): ${latam.length}`);
for (const [k, [scored, total]] of [...latamScored.entries()].sort()) {
  console.log(`  ${k.padEnd(12)} scored ${scored}/${total} = ${pct(scored, total)}`);
}
console.log(`  with at least one additive detected: ${latamAdditives}`);
console.log('');
console.log(`Products analysed: ${analysed}, exceptions: ${exceptions}`);
console.log(
  `Analysis time (steady state, best of 3 per product): mean ${((totalMs / Math.max(1, analysed)) * 1000).toFixed(1)} µs; slowest product ${(slowest.ms * 1000).toFixed(0)} µs (${slowest.what})`,
);
console.log(
  `Slowest first (cold, JIT still warming) analysis: ${(slowestCold.ms * 1000).toFixed(0)} µs (${slowestCold.what})`,
);
if (exceptions > 0) process.exitCode = 1;
