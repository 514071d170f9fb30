/** The four landing pages of the route table (spec §2), each with a child route /{section}/{subcategorySlug}. */
export const LANDING_SECTIONS = [
  { slug: 'desayuno', title: 'Desayuno' },
  { slug: 'snacks', title: 'Snacks' },
  { slug: 'chocolates-galletas-y-dulces', title: 'Chocolates, galletas y dulces' },
  { slug: 'bebidas', title: 'Bebidas' },
] as const;

export type LandingSection = (typeof LANDING_SECTIONS)[number];
export type LandingSectionSlug = LandingSection['slug'];

export const findLandingSection = (slug: string | undefined): LandingSection | undefined =>
  LANDING_SECTIONS.find((section) => section.slug === slug);
