/**
 * Builds the label photo set of issue 24 (tests and bench/label-reading.ts): real ingredient lists and nutrition
 * values of Open Food Facts products in ../shared/data, rendered as Chilean labels (render.ts) and photographed
 * like a phone in the aisle (degrade.ts). Each photo is `<id>.jpg` with its truth in `<id>.json`.
 *
 * Run: npx tsx bench/label-photos/generate.ts [--count 16] [--seed 24] [--out bench/label-photos/set]
 *                                             [--products ../shared/data/products/latam_es_lifyzer_off2019.jsonl]
 *
 * Needs the fonts of render.ts's FONTS (Debian: fonts-liberation fonts-dejavu-core fonts-roboto fonts-open-sans
 * fonts-noto-core); the committed set was drawn with them. Chilean products (GS1 780) come first, then the other
 * Spanish-language ones. Products whose values contradict themselves (the domain's plausibility rules) are skipped:
 * a printed label adds up.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { implausibleNutrients } from '@etiqueta/domain';
import { drawDegradation, photograph } from './degrade.ts';
import { type Rng, seededRandom } from '../seeded-random.ts';
import { readLatamProducts, type LatamProduct } from '../../packages/domain/scripts/latam-products.ts';
import { FONTS, renderIngredients, renderNutrition, type LabelValues } from './render.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
const { values: args } = parseArgs({
  options: {
    count: { type: 'string', default: '16' },
    seed: { type: 'string', default: '24' },
    out: { type: 'string', default: path.join(here, 'set') },
    products: { type: 'string', default: path.join(repo, '../shared/data/products/latam_es_lifyzer_off2019.jsonl') },
  },
});
const count = Number(args.count);
const seed = Number(args.seed);

const families = execFileSync('fc-list', [':', 'family'], { encoding: 'utf8' });
const missing = FONTS.filter((f) => !families.split('\n').some((line) => line.split(',').includes(f)));
if (missing.length > 0) {
  console.error(`Missing fonts: ${missing.join(', ')}. apt-get install fonts-liberation fonts-dejavu-core fonts-roboto fonts-open-sans fonts-noto-core`);
  process.exit(1);
}

const rows = readLatamProducts(args.products);

/** Chilean first, then the rest, each group shuffled by the seed. */
function ordered<T extends { row: LatamProduct }>(items: T[], r: Rng): T[] {
  const shuffled = items.map((item) => ({ item, key: r() })).sort((a, b) => a.key - b.key).map((x) => x.item);
  return [...shuffled.filter((x) => x.row.gs1_prefix_country === 'CL'), ...shuffled.filter((x) => x.row.gs1_prefix_country !== 'CL')];
}

// Words that at least three products' lists use: a list made of them is one a label printed, not OFF's own noisy OCR
// of a photo (Chilean records of 2019 have some: "Elaboa bato de potasio, benalt").
const wordsOf = (text: string) => text.toLocaleLowerCase('es').match(/\p{L}+/gu) ?? [];
const productsUsing = new Map<string, number>();
for (const row of rows) {
  if (row.ingredients_lang_guess !== 'es' || !row.ingredients_text) continue;
  for (const word of new Set(wordsOf(row.ingredients_text))) productsUsing.set(word, (productsUsing.get(word) ?? 0) + 1);
}
const common = (word: string) => (productsUsing.get(word) ?? 0) >= 3;

// Ingredient lists as a label prints them: the text after its heading, white space collapsed. Lists with OFF's
// markup (_leche_), stray symbols or too short or long for one panel are left out.
const PRINTABLE = /^[\p{L}\d\s,.;:()%\-/[\]'’*+&]+$/u;
const ingredientCandidates = rows.flatMap((row) => {
  if (row.ingredients_lang_guess !== 'es' || !row.ingredients_text) return [];
  const text = row.ingredients_text.replace(/^\s*ingredientes?\s*:?\s*/i, '').replace(/\s+/g, ' ').trim();
  if (text.length < 80 || text.length > 520 || !PRINTABLE.test(text) || /_/.test(text)) return [];
  // Noisy OCR in OFF's own text (runs of consonants, words glued together) is no label anyone printed.
  if (text.split(' ').some((w) => w.length > 24) || !wordsOf(text).every(common) || (text.match(/,/g) ?? []).length < 3) return [];
  return [{ row, text }];
});

const LIQUID = /\b(bebida|jugo|n[ée]ctar|leche|agua|refresco|gaseosa|t[ée] (helado|fr[ií]o)|yogh?urt bebible|limonada)\b/i;
const round1 = (v: number) => Math.round(v * 10) / 10;
const nutritionCandidates = rows.flatMap((row) => {
  const fat = row.fat_100g;
  const sat = row['saturated-fat_100g'];
  const carbs = row.carbohydrates_100g;
  const sugars = row.sugars_100g;
  const protein = row.proteins_100g;
  const sodium = row.sodium_100g;
  if ([fat, sat, carbs, sugars, protein, sodium].some((v) => v === null || v === undefined || v < 0 || v > 100)) return [];
  const fiber = row.fiber_100g !== null && row.fiber_100g >= 0 && row.fiber_100g < 60 ? round1(row.fiber_100g) : null;
  const liquid = LIQUID.test(row.product_name ?? '');
  const values: LabelValues = {
    energyKcal100: Math.round(9 * fat! + 4 * carbs! + 4 * protein! + 2 * (fiber ?? 0)),
    proteinG100: round1(protein!),
    totalFatG100: round1(fat!),
    saturatedFatG100: round1(sat!),
    carbohydratesG100: round1(carbs!),
    totalSugarsG100: round1(sugars!),
    fiberG100: fiber,
    sodiumMg100: Math.round(sodium! * 1000),
  };
  if (values.energyKcal100 === 0 || values.sodiumMg100! > 5000) return [];
  const issues = implausibleNutrients({ ...values, isBeverage: liquid, isWater: false });
  return issues.length === 0 ? [{ row, values, liquid }] : [];
});

const r = seededRandom(seed);
fs.mkdirSync(args.out, { recursive: true });
for (const file of fs.readdirSync(args.out)) if (/\.(jpg|json)$/.test(file)) fs.rmSync(path.join(args.out, file));

let bytes = 0;
const write = (id: string, photo: Buffer, truth: object) => {
  fs.writeFileSync(path.join(args.out, `${id}.jpg`), photo);
  fs.writeFileSync(path.join(args.out, `${id}.json`), `${JSON.stringify(truth, null, 2)}\n`);
  bytes += photo.length;
};

type RenderedLabel = Awaited<ReturnType<typeof renderIngredients>> | Awaited<ReturnType<typeof renderNutrition>>;

/** A rendered label photographed under a drawn degradation, written with its truth and where it came from. */
async function writePhoto(part: 'ingredients' | 'nutrition', index: number, row: LatamProduct, label: RenderedLabel) {
  const degradation = drawDegradation(r);
  const id = `${part}-${String(index + 1).padStart(2, '0')}`;
  write(id, await photograph(label.image, degradation, r), {
    part,
    source: { code: row.code, country: row.gs1_prefix_country, name: row.product_name },
    ...label.truth,
    style: label.style,
    degradation,
  });
}
for (const [i, { row, text }] of ordered(ingredientCandidates, r).slice(0, count).entries()) {
  await writePhoto('ingredients', i, row, await renderIngredients(r, text));
}
for (const [i, { row, values, liquid }] of ordered(nutritionCandidates, r).slice(0, count).entries()) {
  await writePhoto('nutrition', i, row, await renderNutrition(r, values, liquid));
}
console.log(`${2 * count} photos in ${path.relative(process.cwd(), args.out)}: ${(bytes / 1024 / 1024).toFixed(2)} MB of JPEG`);
console.log(`candidates: ${ingredientCandidates.length} ingredient lists, ${nutritionCandidates.length} nutrition tables`);
