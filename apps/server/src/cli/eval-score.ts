// npm run eval:score [-- --save FILE] [-- --compare FILE]
// Scores every product of the shared catalogues in ../shared/data through the real import pipeline (file
// adapter → mapper → classifier → domain analysis, no database) and prints what a shopper would call a
// contradiction, each of which must be 0, then the band distribution per Nutri-Score grade and NOVA group.
// --save writes {barcode: score} so a later run with --compare can summarise how scores moved.
import fs from 'node:fs';
import path from 'node:path';
import {
  ADDITIVE_CATALOGUE,
  buildAdditiveMatcher,
  scoreBand,
  type NutriscoreResult,
  type ScoreBand,
  type Seal,
} from '@etiqueta/domain';
import { createOffFileAdapter } from '../modules/off/adapters/off-file-adapter.ts';
import { mapOffProduct, type MappedProduct } from '../modules/catalogue-import/mapper.ts';
import { computeProductFields } from '../modules/products/product-analysis.ts';
import { repoRoot } from '../paths.ts';

const dataDir = path.join(repoRoot, '../shared/data/products');
const CATALOGUES = [
  'latam_es_lifyzer_off2019.jsonl',
  'off_world_sample_2026.tsv',
  'es_spain_off_nutriscore_nova.csv',
];

type Scored = {
  file: string;
  product: MappedProduct;
  score: number | null;
  band: ScoreBand;
  grade: NutriscoreResult['grade'] | null;
  nova: number | null;
  seals: Seal[];
  rules: Set<string>;
  processingCredit: number;
  /** How the list was read: null without one. */
  readWell: boolean | null;
};

const args = process.argv.slice(2);
const option = (name: string): string | null => {
  const i = args.indexOf(name);
  return i >= 0 ? (args[i + 1] ?? null) : null;
};

const matcher = buildAdditiveMatcher(ADDITIVE_CATALOGUE);
const scored: Scored[] = [];
let rejected = 0;
for (const file of CATALOGUES) {
  const adapter = createOffFileAdapter(path.join(dataDir, file));
  for await (const record of adapter.read({ kind: 'bulk', cursor: null, since: null })) {
    if (!record.product) continue;
    const mapped = mapOffProduct(record.product);
    if (!mapped.ok) {
      rejected++;
      continue;
    }
    const fields = computeProductFields(mapped.product, matcher);
    const reasons = fields.scoreReasons;
    scored.push({
      file,
      product: mapped.product,
      score: fields.healthScore,
      band: scoreBand(fields.healthScore),
      grade: (fields.nutriscore as NutriscoreResult | null)?.grade ?? null,
      nova: fields.novaGroup,
      seals: fields.seals,
      rules: new Set(reasons.map((r) => r.rule)),
      processingCredit: reasons
        .filter((r) => r.rule.startsWith('processing.'))
        .reduce((s, r) => s + r.points, 0),
      readWell: fields.ingredientReading?.readWell ?? null,
    });
  }
}

// ---- contradictions: each must be 0 ---------------------------------------------------------------------

const p = (s: Scored) => s.product;
const hasIngredients = (s: Scored) => (p(s).ingredients ?? '').trim() !== '';
const isGood = (s: Scored) => s.band.band === 'mejor' || s.band.band === 'excelente';
const waterName = /\b(agua|water|eau|aqua)\b/i;

/** The issue's definitions of data a shopper cannot trust, checked here independently of the domain's own. */
function implausible(s: Scored): string | null {
  const x = p(s);
  const values = [
    x.energyKcal100,
    x.totalFatG100,
    x.saturatedFatG100,
    x.carbohydratesG100,
    x.totalSugarsG100,
    x.proteinG100,
    x.sodiumMg100,
  ];
  if (!x.isWater && values.every((v) => v === 0)) return 'todo en 0';
  if (
    x.totalSugarsG100 !== null &&
    x.carbohydratesG100 !== null &&
    x.totalSugarsG100 > x.carbohydratesG100 + 0.5
  )
    return 'azúcares > hidratos';
  if (x.saturatedFatG100 !== null && x.totalFatG100 !== null && x.saturatedFatG100 > x.totalFatG100 + 0.5)
    return 'saturadas > grasas';
  const macros =
    (x.totalFatG100 ?? 0) +
    (x.carbohydratesG100 ?? 0) +
    (x.proteinG100 ?? 0) +
    ((x.sodiumMg100 ?? 0) * 2.5) / 1000;
  if (macros > 101) return 'macros > 100 g';
  if (x.nutriscoreCategory === 'beverage' && (x.energyKcal100 ?? 0) > 150) return 'bebida > 150 kcal';
  return null;
}

const contradictions = {
  'regla del agua en un producto que no es agua (energía > 1 kcal o sin "agua" en el nombre)': scored.filter(
    (s) => s.rules.has('nutrition.water') && ((p(s).energyKcal100 ?? 0) > 1 || !waterName.test(p(s).name)),
  ),
  'dos o más sellos ALTO EN con Mejor o Excelente': scored.filter((s) => s.seals.length >= 2 && isGood(s)),
  'un sello ALTO EN con Excelente': scored.filter((s) => s.seals.length >= 1 && s.band.band === 'excelente'),
  'sin lista de ingredientes y con crédito de procesamiento': scored.filter(
    (s) => s.score !== null && !hasIngredients(s) && s.processingCredit > 0,
  ),
  'sin lista de ingredientes y con Mejor o Excelente': scored.filter((s) => !hasIngredients(s) && isGood(s)),
  'datos dudosos con puntaje': scored.filter((s) => s.score !== null && implausible(s) !== null),
  // Issue 26: unknown is not clean. A list we could not read well claims no absence.
  'lista no leída bien y con crédito de procesamiento': scored.filter(
    (s) => s.score !== null && s.readWell === false && s.processingCredit > 0,
  ),
  'lista no leída bien y con NOVA menor que 4': scored.filter(
    (s) => s.readWell !== true && s.nova !== null && s.nova < 4,
  ),
};

const withScore = scored.filter((s) => s.score !== null);
console.log(
  `Productos leídos y aceptados: ${scored.length} (rechazados por el mapper: ${rejected}); con puntaje: ${withScore.length}\n`,
);
console.log('Contradicciones (todas deben ser 0)');
let failures = 0;
for (const [label, list] of Object.entries(contradictions)) {
  failures += list.length;
  const examples = list
    .slice(0, 3)
    .map((s) => `${p(s).barcode} ${p(s).name} (${s.score ?? '—'})`)
    .join('; ');
  console.log(`  ${String(list.length).padStart(5)}  ${label}${list.length > 0 ? `  e.g. ${examples}` : ''}`);
}

// ---- calibration ------------------------------------------------------------------------------------------

const BANDS = ['excelente', 'mejor', 'mediocre', 'malo', 'muy-malo', 'sin-puntaje'] as const;
function distribution(title: string, key: (s: Scored) => string | null, keys: readonly string[]) {
  console.log(`\n${title}`);
  console.log(`  ${''.padEnd(8)}${BANDS.map((b) => b.padStart(12)).join('')}${'n'.padStart(8)}`);
  for (const k of keys) {
    const group = scored.filter((s) => key(s) === k);
    if (group.length === 0) continue;
    const cells = BANDS.map((b) =>
      `${((100 * group.filter((s) => s.band.band === b).length) / group.length).toFixed(1)} %`.padStart(12),
    );
    console.log(`  ${k.padEnd(8)}${cells.join('')}${String(group.length).padStart(8)}`);
  }
}
distribution('Bandas por Nutri-Score (calculado)', (s) => s.grade?.toUpperCase() ?? null, [
  'A',
  'B',
  'C',
  'D',
  'E',
]);
distribution('Bandas por grupo NOVA', (s) => (s.nova === null ? null : `NOVA ${s.nova}`), [
  'NOVA 1',
  'NOVA 2',
  'NOVA 3',
  'NOVA 4',
]);

const share = (grade: string, ok: (s: Scored) => boolean) => {
  const group = scored.filter((s) => s.grade === grade);
  return group.length === 0
    ? 'n/a'
    : `${((100 * group.filter(ok).length) / group.length).toFixed(1)} % of ${group.length}`;
};
console.log(`\nNutri-Score E en "Muy malo": ${share('e', (s) => s.band.band === 'muy-malo')}`);
console.log(`Nutri-Score A en "Mejor" o "Excelente": ${share('a', isGood)}`);
const GRADE_INDEX = { a: 0, b: 1, c: 2, d: 3, e: 4 } as const;
const BAND_INDEX: Record<string, number> = { excelente: 0, mejor: 1, mediocre: 2, malo: 3, 'muy-malo': 4 };
const cleanGraded = withScore.filter(
  (s) =>
    s.grade !== null &&
    s.rules.has('processing.base') &&
    !Array.from(s.rules).some((r) => r.startsWith('additive.riesgoso')),
);
const withinOne = cleanGraded.filter(
  (s) => Math.abs((BAND_INDEX[s.band.band] ?? 9) - GRADE_INDEX[s.grade ?? 'e']) <= 1,
);
console.log(
  `Banda a una clase o menos del Nutri-Score (sin aditivos riesgosos): ${withinOne.length}/${cleanGraded.length} = ${((100 * withinOne.length) / Math.max(1, cleanGraded.length)).toFixed(1)} %`,
);

// ---- movement -------------------------------------------------------------------------------------------

const key = (s: Scored) => `${s.file}:${p(s).barcode}`;
const savePath = option('--save');
if (savePath) {
  fs.writeFileSync(savePath, JSON.stringify(Object.fromEntries(scored.map((s) => [key(s), s.score]))));
  console.log(`\nPuntajes guardados en ${savePath}`);
}
const comparePath = option('--compare');
if (comparePath) {
  const before = JSON.parse(fs.readFileSync(comparePath, 'utf8')) as Record<string, number | null>;
  const moves = scored
    .filter((s) => key(s) in before)
    .map((s) => ({ s, old: before[key(s)] ?? null, now: s.score }));
  const changedBand = moves.filter((m) => scoreBand(m.old).band !== m.s.band.band);
  const deltas = moves
    .filter((m) => m.old !== null && m.now !== null)
    .map((m) => ({ ...m, d: (m.now ?? 0) - (m.old ?? 0) }));
  deltas.sort((a, b) => Math.abs(b.d) - Math.abs(a.d));
  console.log(
    `\nMovimiento frente a ${comparePath}: ${moves.length} productos comparados, ${changedBand.length} cambian de banda`,
  );
  const transitions = new Map<string, number>();
  for (const m of changedBand) {
    const t = `${scoreBand(m.old).label} → ${m.s.band.label}`;
    transitions.set(t, (transitions.get(t) ?? 0) + 1);
  }
  for (const [t, n] of [...transitions].sort((a, b) => b[1] - a[1]).slice(0, 12))
    console.log(`  ${String(n).padStart(5)}  ${t}`);
  console.log('  Mayores cambios:');
  for (const m of deltas.slice(0, 8))
    console.log(`    ${m.d > 0 ? '+' : ''}${m.d.toFixed(1)}  ${p(m.s).name} (${m.old} → ${m.now})`);
}

process.exitCode = failures > 0 ? 1 : 0;
