import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createOffFileAdapter } from '../off/adapters/off-file-adapter.ts';
import type { Classification } from './classifier/classify-product.ts';
import { mapOffProduct, type MappedProduct } from './mapper.ts';
import { SUBSTITUTE_FAMILIES, type SubstituteFamily } from './substitute-families.ts';

/**
 * The classifier measured against products read by hand (issue 26): `classifier-labelled-set.json` holds, per
 * barcode of the shared catalogues, the shelf (our subcategory, or null when none fits) and the substitute
 * family a person gave it after reading its name, ingredients and categories, with a note where it is doubtful.
 * Each labelled record goes through the import's own path (file adapter → mapper → classifier).
 */
export type LabelledProduct = {
  barcode: string;
  name: string;
  shelf: string | null;
  family: SubstituteFamily;
  /**
   * 'random': a seeded random sample of the accepted records; 'chosen': picked to cover a family or a case the
   * issue names; 'validation': two further seeded random samples, each labelled blind against rules written
   * without them (the rules were then corrected for the patterns behind their misses).
   */
  picked: 'random' | 'chosen' | 'validation';
  note?: string;
};

/** The thresholds: shelf (subcategory) at least 90 % right, substitute family at least 97 %. */
export const SHELF_THRESHOLD = 0.9;
export const FAMILY_THRESHOLD = 0.97;

/** The shared catalogues that carry barcodes (the Spanish CSV has none, so the mapper rejects all of it). */
export const LABELLED_CATALOGUES = ['latam_es_lifyzer_off2019.jsonl', 'off_world_sample_2026.tsv'] as const;

const here = path.dirname(fileURLToPath(import.meta.url));
export const LABELLED_SET_FILE = path.join(here, 'classifier-labelled-set.json');

export function readLabelledSet(file = LABELLED_SET_FILE): LabelledProduct[] {
  const labels = JSON.parse(fs.readFileSync(file, 'utf8')) as LabelledProduct[];
  const families = new Set<string>(SUBSTITUTE_FAMILIES);
  const seen = new Set<string>();
  for (const label of labels) {
    if (!families.has(label.family)) throw new Error(`${label.barcode}: unknown family ${label.family}`);
    if (seen.has(label.barcode)) throw new Error(`${label.barcode}: labelled twice`);
    seen.add(label.barcode);
  }
  return labels;
}

export type LabelledResult = {
  label: LabelledProduct;
  product: MappedProduct;
  classification: Classification | null;
  shelfRight: boolean;
  familyRight: boolean;
};

export type ClassifierEvaluation = {
  results: LabelledResult[];
  /** Labelled barcodes no catalogue record (accepted by the mapper) carries: the set is stale. */
  missing: string[];
  shelfShare: number;
  familyShare: number;
};

/** Classifies every labelled product as the import would and compares it with its label. */
export async function evaluateClassifier(productsDir: string, labels = readLabelledSet()): Promise<ClassifierEvaluation> {
  const wanted = new Map(labels.map((l) => [l.barcode, l]));
  const results: LabelledResult[] = [];
  for (const file of LABELLED_CATALOGUES) {
    const adapter = createOffFileAdapter(path.join(productsDir, file));
    for await (const record of adapter.read({ kind: 'bulk', cursor: null, since: null })) {
      if (!record.product) continue;
      const mapped = mapOffProduct(record.product);
      if (!mapped.ok) continue;
      const label = wanted.get(mapped.product.barcode);
      if (!label) continue;
      wanted.delete(label.barcode);
      const classification = mapped.product.classification;
      results.push({
        label,
        product: mapped.product,
        classification,
        shelfRight: (classification?.subcategory ?? null) === label.shelf,
        familyRight: (classification?.family ?? 'other') === label.family,
      });
    }
  }
  const share = (n: number) => (results.length === 0 ? 0 : n / results.length);
  return {
    results,
    missing: [...wanted.keys()],
    shelfShare: share(results.filter((r) => r.shelfRight).length),
    familyShare: share(results.filter((r) => r.familyRight).length),
  };
}
