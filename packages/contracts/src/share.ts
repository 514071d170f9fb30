import { z } from 'zod';

/**
 * What a shared product's link makes public (issue 30 item 3): the same facts its Open Graph meta carry — name,
 * brand, the score as the app shows it ("6,0/10" and the band's word), the "ALTO EN" seals in words — and the
 * address of its card image. Nothing else of the product (its page stays for beta members).
 */
export const sharedProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  brand: z.string().nullable(),
  /** "6,0/10", or "Sin puntaje". */
  score: z.string(),
  /** The band's Spanish word: "Mediocre". */
  scoreLabel: z.string(),
  /** "ALTO EN AZÚCARES", … in the order the product page shows them. */
  seals: z.array(z.string()),
  /** The card image (PNG, 1200 × 630), an absolute address built from PUBLIC_URL, with its version. */
  imageUrl: z.string(),
});
export type SharedProduct = z.infer<typeof sharedProduct>;

/** The card's address carries its version (`?v=`), so a re-scored product's card is a new address to crawlers. */
export const shareCardQuery = z.object({
  v: z
    .string()
    .regex(/^[0-9a-f]{1,64}$/, { error: 'La versión de la imagen son solo letras a–f y dígitos' })
    .optional(),
});
