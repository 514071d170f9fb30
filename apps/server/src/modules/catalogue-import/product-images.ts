// A product's images from its OFF record: the contributors' selected images, else the record's own image URLs.
import type { ProductImages } from '../../db/schema.ts';
import { readNumber } from '../off/off-nutrition.ts';
import type { OffProduct } from '../off/off-product.ts';
import { storable } from './storable-text.ts';

const IMAGE_HOST = 'https://images.openfoodfacts.org/images/products';
const IMAGE_ROLES = ['front', 'ingredients', 'nutrition'] as const;

/**
 * Images chosen by OFF's contributors (`images.selected`, schema ≥ 1002), as OFF's image docs build their URLs:
 * folder = 13-digit code split 3/3/3/rest, file = `<role>_<lang>.<rev>.<size>.jpg`; 400 px for the page, 200 px
 * for lists. Spanish first, then any language. Credit: CC BY-SA, Open Food Facts contributors.
 */
function selectedImages(images: OffProduct['images'], barcode: string): ProductImages | null {
  const selected = images?.selected;
  if (!selected || typeof selected !== 'object') return null;
  const folder = barcode.padStart(13, '0').replace(/^(...)(...)(...)(.*)$/, '$1/$2/$3/$4');
  const url = (role: string, size: 200 | 400): string | null => {
    const byLang = selected[role];
    if (!byLang || typeof byLang !== 'object') return null;
    const lang = 'es' in byLang ? 'es' : Object.keys(byLang).sort()[0];
    const rev = lang ? readNumber(byLang[lang]?.rev) : null;
    return lang && rev !== null ? storable(`${IMAGE_HOST}/${folder}/${role}_${lang}.${rev}.${size}.jpg`) : null;
  };
  const gallery = IMAGE_ROLES.map((role) => url(role, 400)).filter((u): u is string => u !== null);
  if (gallery.length === 0) return null;
  return { primary: url('front', 400) ?? gallery[0] ?? null, thumbnail: url('front', 200), gallery };
}

const HTTP_URL = /^https?:\/\/[^\s]+$/i;

/**
 * Only http(s) URLs are kept (the spec ignores anything else). 2019 records point at static.openfoodfacts.org,
 * which OFF has since moved to images.openfoodfacts.org under the same paths.
 */
function mapImages(record: OffProduct): ProductImages | null {
  const clean = (url: string | null | undefined) => {
    const u = url === null || url === undefined ? undefined : storable(url).trim();
    if (!u || !HTTP_URL.test(u)) return null;
    return u.replace(/^https?:\/\/static\.openfoodfacts\.org\/images\//, 'https://images.openfoodfacts.org/images/');
  };
  const primary = clean(record.image_front_url) ?? clean(record.image_url);
  const thumbnail =
    clean(record.image_front_small_url) ??
    clean(record.image_small_url) ??
    clean(record.image_front_thumb_url) ??
    clean(record.image_thumb_url) ??
    (primary && /\.400\.jpg$/.test(primary) ? primary.replace(/\.400\.jpg$/, '.200.jpg') : primary);
  const gallery = [primary, clean(record.image_ingredients_url), clean(record.image_nutrition_url)].filter(
    (u, i, all): u is string => u !== null && all.indexOf(u) === i,
  );
  if (!primary && gallery.length === 0) return null;
  return { primary: primary ?? gallery[0] ?? null, thumbnail, gallery };
}

/** The images a product shows: OFF's selected ones when the record has them, else its image URLs. */
export function productImages(record: OffProduct, barcode: string): ProductImages | null {
  return selectedImages(record.images, barcode) ?? mapImages(record);
}
