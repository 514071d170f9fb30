import type { Sub2category } from '@etiqueta/contracts';

/** Spec §4: on the breakfast listings 'Cereales' is the chip chosen first, whatever the counts say. */
export const PREFERRED_FIRST_CHIP = 'Cereales';

const sameName = (a: string, b: string) => a.localeCompare(b, 'es', { sensitivity: 'base' }) === 0;

/**
 * The chip chosen on first load when neither the address nor this session chose one (spec §4):
 * 'Cereales' when it has products, otherwise the chip with most products (the first of a tie).
 * Null when no chip has products: the listing then shows the whole subcategory.
 */
export const pickInitialSub2category = (chips: readonly Sub2category[]): string | null => {
  const withProducts = chips.filter((chip) => chip.productCount > 0);
  const preferred = withProducts.find((chip) => sameName(chip.name, PREFERRED_FIRST_CHIP));
  if (preferred) return preferred.name;
  let best: Sub2category | null = null;
  for (const chip of withProducts) if (!best || chip.productCount > best.productCount) best = chip;
  return best?.name ?? null;
};

/** Single select: clicking the active chip clears it, any other chip replaces it. */
export const toggleSub2category = (current: string | null, clicked: string): string | null =>
  current !== null && sameName(current, clicked) ? null : clicked;

export const isSameSub2category = (current: string | null, name: string) =>
  current !== null && sameName(current, name);

/** Chips worth showing: those with products, plus the chosen one even if it is empty (it came from a link). */
export const visibleSub2categories = (chips: readonly Sub2category[], selected: string | null) =>
  chips.filter((chip) => chip.productCount > 0 || isSameSub2category(selected, chip.name));

type InitialChipSources = {
  /** `?sub2categories=` in the address, if any. */
  fromAddress: string | null;
  /** What this session remembered for this subcategory: a name, '' when it cleared the chip, null when it never chose. */
  fromSession: string | null;
};

/**
 * The first selection, in order: the address, then this session's choice (so the product page's back link
 * lands on the same chip, or on none if the shopper cleared it). `undefined` means "pick one automatically
 * once the chips are known" (spec §4).
 */
export const initialSub2category = ({ fromAddress, fromSession }: InitialChipSources): string | null | undefined => {
  if (fromAddress) return fromAddress;
  if (fromSession === null) return undefined;
  return fromSession === '' ? null : fromSession;
};
