// npm run eval:shelves
// The classifier against the labelled set (modules/sync/classifier-labelled-set.json): shelf (subcategory) and
// substitute family right, with every miss, as the import places each labelled record of the shared catalogues.
import path from 'node:path';
import { repoRoot } from '../config/env.ts';
import { evaluateClassifier, FAMILY_THRESHOLD, SHELF_THRESHOLD } from '../modules/sync/classifier-eval.ts';

const productsDir = path.resolve(repoRoot, '../shared/data/products');
const percent = (share: number) => `${(100 * share).toFixed(1)} %`;

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
const random = results.filter((r) => r.label.picked === 'random');
console.log(
  `  De ellos, la muestra aleatoria (${random.length}): estante ${percent(random.filter((r) => r.shelfRight).length / random.length)}, familia ${percent(random.filter((r) => r.familyRight).length / random.length)}`,
);
const where = (c: (typeof results)[number]['classification']) =>
  c ? `${c.subcategory}${c.sub2 ? `:${c.sub2}` : ''} [${c.family}, por ${c.signal}]` : 'sin estante [other]';
const misses = results.filter((r) => !r.shelfRight || !r.familyRight);
if (misses.length > 0) console.log('\n  Fallos (esperado → clasificado):');
for (const r of misses) {
  const mark = r.familyRight ? 'estante' : 'FAMILIA';
  console.log(`    ${mark.padEnd(8)} ${r.label.barcode} ${r.label.name}: ${r.label.shelf ?? 'sin estante'} [${r.label.family}] → ${where(r.classification)}`);
}
if (evaluation.missing.length > 0) console.log(`\n  Sin registro: ${evaluation.missing.join(', ')}`);
process.exitCode = evaluation.shelfShare >= SHELF_THRESHOLD && evaluation.familyShare >= FAMILY_THRESHOLD ? 0 : 1;
