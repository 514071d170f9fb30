import {
  Apple,
  Baby,
  Beef,
  Cookie,
  Coffee,
  CupSoda,
  Fish,
  Leaf,
  Milk,
  Pizza,
  Popcorn,
  ShoppingBasket,
  Wheat,
  type LucideIcon,
} from 'lucide-react';

/**
 * The server names a Lucide icon per category, chosen by the category's name (spec §2). Only these
 * are drawn, so the home page does not carry the whole icon set; anything else gets the basket.
 */
const ICONS: Record<string, LucideIcon> = {
  apple: Apple,
  baby: Baby,
  beef: Beef,
  coffee: Coffee,
  cookie: Cookie,
  'cup-soda': CupSoda,
  fish: Fish,
  leaf: Leaf,
  milk: Milk,
  pizza: Pizza,
  popcorn: Popcorn,
  'shopping-basket': ShoppingBasket,
  wheat: Wheat,
};

export const CategoryIcon = ({ icon, className }: { icon: string | null; className?: string }) => {
  const Icon = (icon ? ICONS[icon] : undefined) ?? ShoppingBasket;
  return <Icon aria-hidden="true" className={className} />;
};
