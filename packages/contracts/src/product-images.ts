/**
 * Product images (spec §3 "Images"): stored either as a comma-separated string of URLs or as an object with
 * primary, thumbnail and gallery. Only http(s) URLs count, and the photos shoppers sent us once an admin approved
 * them (served by our own API, so a path on our origin: `apiPaths.contributionPhoto`); our internal .svg placeholders are ignored, so the page
 * falls back to 'Sin imagen'.
 */

import { apiPaths } from './api-paths.ts';

export type ImagesInput =
  string | { primary?: unknown; thumbnail?: unknown; gallery?: unknown } | null | undefined;

export type NormalizedImages = { primary: string | null; thumbnail: string | null; gallery: string[] };

export const NO_IMAGE_TEXT = 'Sin imagen';

/** Where the server serves the (re-encoded) photos of community contributions: their address without the file. */
const CONTRIBUTED_PHOTO_PREFIX = apiPaths.contributionPhoto('');

/** An absolute http or https URL that is not an .svg placeholder, or one of our contributed photos. */
export function isUsableImageUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const url = value.trim();
  if (url.startsWith(CONTRIBUTED_PHOTO_PREFIX)) return /^[\w.-]+$/.test(url.slice(CONTRIBUTED_PHOTO_PREFIX.length));
  if (!/^https?:\/\/[^\s/]+/i.test(url)) return false;
  const path = url.split(/[?#]/)[0] ?? '';
  return !/\.svg$/i.test(path);
}

export function normalizeImages(images: ImagesInput): NormalizedImages {
  if (images === null || images === undefined) return { primary: null, thumbnail: null, gallery: [] };
  if (typeof images === 'string') {
    const urls = unique(
      images
        .split(',')
        .map((s) => s.trim())
        .filter(isUsableImageUrl),
    );
    return { primary: urls[0] ?? null, thumbnail: urls[0] ?? null, gallery: urls };
  }
  const gallerySource = Array.isArray(images.gallery)
    ? (images.gallery as unknown[])
    : typeof images.gallery === 'string'
      ? images.gallery.split(',')
      : [];
  const gallery = gallerySource.map((g) => (typeof g === 'string' ? g.trim() : g)).filter(isUsableImageUrl);
  const primaryRaw = typeof images.primary === 'string' ? images.primary.trim() : null;
  const thumbnailRaw = typeof images.thumbnail === 'string' ? images.thumbnail.trim() : null;
  const primary = isUsableImageUrl(primaryRaw)
    ? primaryRaw
    : (gallery[0] ?? (isUsableImageUrl(thumbnailRaw) ? thumbnailRaw : null));
  const thumbnail = isUsableImageUrl(thumbnailRaw) ? thumbnailRaw : primary;
  return { primary, thumbnail, gallery: unique(primary ? [primary, ...gallery] : gallery) };
}

function unique(urls: readonly string[]): string[] {
  return [...new Set(urls)];
}
