/**
 * One-off generator for src/nova/nova-markers.ts: the NOVA group-3 and group-4 markers of Open Food Facts'
 * rules (nova_groups_tags, transcribed in ../shared/data/taxonomies/nova_markers.json), reduced to what our
 * ingredient reader needs: normalised phrases (Spanish, English, their taxonomy descendants, plus French
 * wording we add), E numbers, and OFF's category markers (used when a record carries OFF's categories_tags).
 *
 * Run: npx tsx packages/domain/scripts/generate-nova-markers.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { normalizeToWords } from '../src/text/normalize-text.ts';

type Marker = {
  type: 'additives' | 'ingredients' | 'categories';
  id: string;
  nova_group: 2 | 3 | 4;
  names_es: string[];
  names_en: string[];
  descendants_2019: { id: string; names_es: string[]; names_en: string[] }[] | null;
  e_number?: string;
};

const markers = JSON.parse(
  readFileSync(new URL('../../../../shared/data/taxonomies/nova_markers.json', import.meta.url), 'utf8'),
) as Marker[];

/** French wording for the ingredient markers (our addition; the 2019 extract has Spanish and English only). */
const FRENCH: Record<string, string[]> = {
  'en:flavour': ['arome', 'aromes', 'arome naturel', 'aromes naturels', 'arome artificiel', 'aromatisant'],
  'en:colour': ['colorant', 'colorants'],
  'en:emulsifier': ['emulsifiant', 'emulsifiants'],
  'en:thickener': ['epaississant', 'epaississants'],
  'en:gelling-agent': ['gelifiant', 'gelifiants'],
  'en:sweetener': ['edulcorant', 'edulcorants'],
  'en:flavour-enhancer': ['exhausteur de gout', 'exhausteurs de gout'],
  'en:humectant': ['humectant'],
  'en:glucose-syrup': ['sirop de glucose', 'sirop de glucose fructose', 'sirop de glucose-fructose'],
  'en:glucose': ['glucose'],
  'en:dextrose': ['dextrose'],
  'en:maltodextrin': ['maltodextrine', 'maltodextrines'],
  'en:invert-sugar': ['sucre inverti', 'sirop de sucre inverti'],
  'en:lactose': ['lactose'],
  'en:whey': ['lactoserum', 'petit lait', 'lactoserum en poudre'],
  'en:casein': ['caseine', 'caseinate', 'caseinates'],
  'en:milk-proteins': ['proteines de lait', 'proteines laitieres'],
  'en:whey-proteins': ['proteines de lactoserum'],
  'en:hydrogenated-oil': ['huile hydrogenee', 'huiles hydrogenees'],
  'en:hydrogenated-fat': ['graisse hydrogenee', 'graisses hydrogenees'],
  'en:lecithin': ['lecithine', 'lecithines'],
  'en:gluten': ['gluten de ble'],
  'en:preservative': ['conservateur', 'conservateurs'],
  'en:salt': ['sel'],
  'en:sugar': ['sucre'],
  'en:vegetable-oil': ['huile vegetale', 'huiles vegetales'],
  'en:vegetable-fat': ['graisse vegetale', 'graisses vegetales'],
  'en:butter': ['beurre'],
  'en:honey': ['miel'],
  'en:starch': ['amidon'],
  'en:anti-caking-agent': ['antiagglomerant', 'anti agglomerant'],
};

/** Chilean wording for ingredient markers (ours). */
const CHILEAN: Record<string, string[]> = {
  'en:flavour': [
    'saborizante',
    'saborizantes',
    'saborizante natural',
    'saborizantes naturales',
    'saborizante artificial',
    'saborizantes artificiales',
    'saborizante identico al natural',
    'sabor artificial',
    'sabor identico al natural',
    'aromatizante',
  ],
  'en:preservative': ['preservante', 'preservantes'],
  'en:emulsifier': ['emulsionante', 'emulsionantes', 'emulsificantes'],
  'en:thickener': ['espesantes'],
  'en:sweetener': [
    'edulcorantes',
    'endulzantes',
    'edulcorante artificial',
    'edulcorantes artificiales',
    'edulcorantes no caloricos',
  ],
  'en:colour': [
    'colorantes',
    'colorante natural',
    'colorantes naturales',
    'colorante artificial',
    'colorantes artificiales',
  ],
  'en:flavour-enhancer': ['resaltador de sabor', 'potenciadores del sabor', 'acentuador de sabor'],
  'en:anti-caking-agent': ['antiaglomerantes', 'antiapelmazante'],
  'en:glucose-syrup': ['jarabe de glucosa', 'glucosa liquida', 'jarabe de glucosa fructosa'],
  'en:high-fructose-corn-syrup': [
    'jarabe de maiz alto en fructosa',
    'jarabe de fructosa',
    'jarabe de maiz',
    'jmaf',
  ],
  'en:hydrolysed-proteins': [
    'proteina vegetal hidrolizada',
    'proteina de soya hidrolizada',
    'proteinas hidrolizadas',
  ],
  'en:milk-proteins': ['proteina lactea', 'proteinas lacteas', 'proteina de leche'],
  'en:lecithin': ['lecitina de soya', 'lecitina de soja', 'lecitina'],
  'en:vegetable-oil': ['aceite vegetal', 'aceites vegetales'],
  'en:sugar': [
    'azucar',
    'azucar rubia',
    'azucar flor',
    'azucar morena',
    'azucar de cana',
    'chancaca',
    'panela',
    'evaporated cane juice',
    'cane juice',
    'cane sugar',
    'jugo de cana evaporado',
  ],
};

const phrases = new Map<string, 3 | 4>();
const add = (name: string, group: 3 | 4): void => {
  const words = normalizeToWords(name);
  if (words.length < 3) return;
  const existing = phrases.get(words);
  if (existing === undefined || group > existing) phrases.set(words, group);
};
const additiveGroups = new Map<string, 3 | 4>();
/** OFF's category markers (an OFF record's categories_tags hold every ancestor, so the tags alone suffice). */
const categoryGroups = new Map<string, 2 | 3 | 4>();
for (const m of markers) {
  if (m.type === 'categories') {
    categoryGroups.set(m.id, m.nova_group);
    continue;
  }
  if (m.nova_group === 2) continue;
  const group = m.nova_group;
  if (m.type === 'additives') {
    const key = m.id.replace(/^en:/, '').replace(/[^a-z0-9]/g, '');
    if (/^e\d/.test(key)) additiveGroups.set(key, group);
    continue;
  }
  for (const n of [...m.names_es, ...m.names_en]) add(n, group);
  for (const d of m.descendants_2019 ?? []) for (const n of [...d.names_es, ...d.names_en]) add(n, group);
  const id = m.id === 'en:flavouring' ? 'en:flavour' : m.id;
  for (const n of [...(FRENCH[id] ?? []), ...(CHILEAN[id] ?? [])]) add(n, group);
}

const sorted = [...phrases.entries()].sort((a, b) => a[0].localeCompare(b[0]));
const g3 = sorted.filter(([, g]) => g === 3).map(([p]) => p);
const g4 = sorted.filter(([, g]) => g === 4).map(([p]) => p);
const add3 = [...additiveGroups.entries()].filter(([, g]) => g === 3).map(([k]) => k);
const add4 = [...additiveGroups.entries()].filter(([, g]) => g === 4).map(([k]) => k);

const out = `/**
 * NOVA markers: ingredients and additives that place a product in NOVA group 3 (processed) or 4
 * (ultra-processed), after Open Food Facts' rules (nova_groups_tags; ODbL, © Open Food Facts contributors) with
 * Chilean and French wording added by us. Generated by scripts/generate-nova-markers.ts; phrases are normalised
 * (normalizeToWords). Source: Monteiro et al., "NOVA. The star shines bright", World Nutrition 2016.
 */

export const NOVA_GROUP_3_PHRASES: readonly string[] = ${JSON.stringify(g3)};

export const NOVA_GROUP_4_PHRASES: readonly string[] = ${JSON.stringify(g4)};

/** Additive code keys (codeKey form, e.g. "e250") that mark NOVA group 3. */
export const NOVA_GROUP_3_ADDITIVES: readonly string[] = ${JSON.stringify(add3)};

/** Additive code keys that mark NOVA group 4 (colours, sweeteners, emulsifiers, thickeners, …). */
export const NOVA_GROUP_4_ADDITIVES: readonly string[] = ${JSON.stringify(add4)};

/**
 * OFF's category markers and the group each gives: 2 for processed culinary ingredients (fats, salts, sugars,
 * honeys…), 3 for processed foods (cheeses, wines, prepared meats, meals…) and for the NOVA paper's examples of
 * ultra-processed categories (sodas, candies…), which OFF counts as 3 unless an ingredient makes them 4.
 */
export const NOVA_CATEGORY_MARKERS: Readonly<Record<string, 2 | 3 | 4>> = ${JSON.stringify(Object.fromEntries(categoryGroups))};
`;
writeFileSync(fileURLToPath(new URL('../src/nova/nova-markers.ts', import.meta.url)), out);
console.log(
  `NOVA markers: ${g3.length} group-3 phrases, ${g4.length} group-4 phrases, ${add3.length}+${add4.length} additives`,
);
