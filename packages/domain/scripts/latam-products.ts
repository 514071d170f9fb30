/**
 * The shared Latin-American and Spanish products extract (../shared/data/products/latam_es_lifyzer_off2019.jsonl,
 * shared data README §2a): its record, and the reading of the file, for the domain's evaluation and the benches
 * that draw products from it.
 */
import fs from 'node:fs';

export const LATAM_PRODUCTS = new URL(
  '../../../../shared/data/products/latam_es_lifyzer_off2019.jsonl',
  import.meta.url,
);

/** One record (the fields read; per-100 g values are null when missing, energy is not given). */
export type LatamProduct = {
  code: string;
  gs1_prefix_country: string;
  product_name: string | null;
  ingredients_text: string | null;
  ingredients_lang_guess: string | null;
  image_front_url: string | null;
  fat_100g: number | null;
  'saturated-fat_100g': number | null;
  carbohydrates_100g: number | null;
  sugars_100g: number | null;
  fiber_100g: number | null;
  proteins_100g: number | null;
  salt_100g: number | null;
  sodium_100g: number | null;
};

/** Every record of a JSON-lines file of the extract (the shared one unless another is given). */
export function readLatamProducts(file: string | URL = LATAM_PRODUCTS): LatamProduct[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as LatamProduct);
}
