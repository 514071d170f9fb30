import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../config/env.ts';
import { evaluateClassifier, FAMILY_THRESHOLD, readLabelledSet, SHELF_THRESHOLD } from './classifier-eval.ts';

/**
 * The classifier against products of the shared catalogues read by hand (classifier-labelled-set.json, issue 26):
 * at least 90 % on the right shelf (subcategory) and 97 % in the right substitute family, as the import places
 * them. `npm run eval:shelves` prints the same figures with every miss.
 */
describe('the classifier on the labelled set', () => {
  it('holds at least 150 products read by hand, covering every substitute family', () => {
    const labels = readLabelledSet();
    expect(labels.length).toBeGreaterThanOrEqual(150);
    expect(new Set(labels.map((l) => l.family)).size).toBe(34);
  });

  it('puts at least 90 % on the right shelf and 97 % in the right substitute family', { timeout: 60_000 }, async () => {
    const evaluation = await evaluateClassifier(path.join(repoRoot, '../shared/data/products'));
    expect(evaluation.missing).toEqual([]);
    expect(evaluation.shelfShare).toBeGreaterThanOrEqual(SHELF_THRESHOLD);
    expect(evaluation.familyShare).toBeGreaterThanOrEqual(FAMILY_THRESHOLD);
  });
});
