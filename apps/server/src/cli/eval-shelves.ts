// npm run eval:shelves [-- --no-alternatives]
// 1. The classifier against the labelled set (modules/catalogue-import/classifier-labelled-set.json): shelf (subcategory) and
//    substitute family right, with every miss, as the import places each labelled record of the shared catalogues.
// 2. "Mejores opciones" over the shared catalogues: both files imported into an in-memory database through the
//    real sync, then the real alternatives service asked for every scored product; how many offers are of another
//    family than the product (must be 0), and, for the labelled products, of another family than their label.
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { repoRoot } from '../config/env.ts';
import { fromPglite, migrateDatabase, openPglite } from '../db/client.ts';
import { bootstrapDatabase } from '../bootstrap.ts';
import { products } from '../db/schema.ts';
import { createAlternativesRepository } from '../modules/products/alternatives.repository.ts';
import { createAlternativesService } from '../modules/products/alternatives.service.ts';
import { createOffFileAdapter } from '../modules/off/adapters/off-file-adapter.ts';
import {
  evaluateClassifier,
  FAMILY_THRESHOLD,
  LABELLED_CATALOGUES,
  readLabelledSet,
  SHELF_THRESHOLD,
} from '../modules/catalogue-import/classifier-eval.ts';
import { createSyncService } from '../modules/sync/sync.service.ts';
import { createSyncParts } from '../modules/sync/sync-parts.ts';

const productsDir = path.resolve(repoRoot, '../shared/data/products');
const percent = (share: number) => `${(100 * share).toFixed(1)} %`;

// ---- 1. the labelled set -----------------------------------------------------------------------------------

const evaluation = await evaluateClassifier(productsDir);
const { results } = evaluation;
const count = (ok: (r: (typeof results)[number]) => boolean) => results.filter(ok).length;
console.log(`Conjunto etiquetado: ${results.length} productos leídos a mano (${evaluation.missing.length} sin registro en el catálogo)`);
console.log(
  `  Estante (subcategoría) correcto:     ${count((r) => r.shelfRight)}/${results.length} = ${percent(evaluation.shelfShare)}  (mínimo ${percent(SHELF_THRESHOLD)})`,
);
console.log(
  `  Familia de sustitutos correcta:      ${count((r) => r.familyRight)}/${results.length} = ${percent(evaluation.familyShare)}  (mínimo ${percent(FAMILY_THRESHOLD)})`,
);
for (const picked of ['random', 'chosen', 'validation'] as const) {
  const group = results.filter((r) => r.label.picked === picked);
  if (group.length === 0) continue;
  const share = (ok: (r: (typeof results)[number]) => boolean) => percent(group.filter(ok).length / group.length);
  const title = { random: 'la muestra aleatoria', chosen: 'los elegidos (familias y casos del issue)', validation: 'las muestras de validación' }[picked];
  console.log(`  De ellos, ${title} (${group.length}): estante ${share((r) => r.shelfRight)}, familia ${share((r) => r.familyRight)}`);
}
const where = (c: (typeof results)[number]['classification']) =>
  c ? `${c.subcategory}${c.sub2 ? `:${c.sub2}` : ''} [${c.family}, por ${c.signal}]` : 'sin estante [other]';
const misses = results.filter((r) => !r.shelfRight || !r.familyRight);
if (misses.length > 0) console.log('\n  Fallos (esperado → clasificado):');
for (const r of misses) {
  const mark = r.familyRight ? 'estante' : 'FAMILIA';
  console.log(`    ${mark.padEnd(8)} ${r.label.barcode} ${r.label.name}: ${r.label.shelf ?? 'sin estante'} [${r.label.family}] → ${where(r.classification)}`);
}
if (evaluation.missing.length > 0) console.log(`\n  Sin registro: ${evaluation.missing.join(', ')}`);
let failed = evaluation.shelfShare < SHELF_THRESHOLD || evaluation.familyShare < FAMILY_THRESHOLD;

// ---- 2. "Mejores opciones" over the shared catalogues -------------------------------------------------------

if (!process.argv.includes('--no-alternatives')) {
  const database = fromPglite(await openPglite({}));
  await migrateDatabase(database);
  await bootstrapDatabase(database.db);
  for (const file of LABELLED_CATALOGUES) {
    await createSyncService({ parts: createSyncParts(database), adapter: createOffFileAdapter(path.join(productsDir, file)) }).run('bulk');
  }
  const repo = createAlternativesRepository(database.db);
  const alternatives = createAlternativesService({ repo, events: { onCatalogueChanged: () => () => undefined, version: () => 0 } });
  const rows = await database.db
    .select({ id: products.id, barcode: products.barcode, family: products.substituteFamily, sub: products.subcategoryId, sub2: products.sub2categoryId })
    .from(products);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const labelOf = new Map(readLabelledSet().map((l) => [l.barcode, l]));

  let asked = 0;
  let withOffers = 0;
  let offers = 0;
  let crossFamily = 0;
  let fromOwnShelf = 0;
  let noneBetter = 0;
  let labelledAsked = 0;
  let labelledOffers = 0;
  let offersAgainstLabel = 0;
  let bothLabelled = 0;
  let bothLabelledCross = 0;
  const examples: string[] = [];
  for (const row of rows) {
    const answer = await alternatives.of(row.id);
    if (answer.unavailable !== null) continue;
    asked++;
    if (answer.items.length === 0) noneBetter++;
    else withOffers++;
    const label = labelOf.get(row.barcode);
    if (label) labelledAsked++;
    for (const item of answer.items) {
      const offered = byId.get(item.id)!;
      offers++;
      if (offered.family !== row.family) crossFamily++;
      if ((row.sub2 !== null && offered.sub2 === row.sub2) || (row.sub2 === null && offered.sub === row.sub)) fromOwnShelf++;
      if (label) {
        labelledOffers++;
        if (offered.family !== label.family) {
          offersAgainstLabel++;
          if (examples.length < 5) examples.push(`${label.name} [${label.family}] ← ${item.name} [${offered.family}]`);
        }
        const offeredLabel = labelOf.get(offered.barcode);
        if (offeredLabel) {
          bothLabelled++;
          if (offeredLabel.family !== label.family) bothLabelledCross++;
        }
      }
    }
  }
  console.log(`\nMejores opciones sobre los catálogos compartidos (${rows.length} productos importados, ${asked} con puntaje y estante)`);
  console.log(`  Productos con alguna opción: ${withOffers}; sin ninguna claramente mejor: ${noneBetter}`);
  console.log(`  Opciones ofrecidas: ${offers}, del mismo estante: ${fromOwnShelf} (${percent(fromOwnShelf / Math.max(1, offers))})`);
  console.log(`  De otra familia que el producto:     ${crossFamily}  (debe ser 0)`);
  console.log(
    `  Productos etiquetados: ${labelledAsked}, con ${labelledOffers} opciones; de otra familia que su etiqueta: ${offersAgainstLabel}` +
      ` (${percent(offersAgainstLabel / Math.max(1, labelledOffers))})`,
  );
  console.log(`  Opciones etiquetadas ellas también: ${bothLabelled}; de otra familia según ambas etiquetas: ${bothLabelledCross}`);
  for (const example of examples) console.log(`    ${example}`);
  // The issue's products, as a shopper sees them.
  for (const barcode of ['7501055321681', '7802900000578', '7501000635306']) {
    const [row] = await database.db.select({ id: products.id, name: products.name }).from(products).where(eq(products.barcode, barcode));
    if (!row) continue;
    const answer = await alternatives.of(row.id);
    const names = answer.items.map((i) => i.name).join('; ') || 'ninguna claramente mejor';
    console.log(`  ${row.name} (${barcode}): ${names}`);
  }
  await database.close();
  failed ||= crossFamily > 0;
}
process.exitCode = failed ? 1 : 0;
