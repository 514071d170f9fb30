import type { ContributionNutrientField } from '@etiqueta/contracts';

/** The per-100 g values a contribution may carry, as the contribution form asks them and the admin reviews them. */
export const CONTRIBUTION_NUTRIENTS: readonly { field: ContributionNutrientField; label: string; unit: string }[] = [
  { field: 'energyKcal100', label: 'Energía', unit: 'kcal' },
  { field: 'proteinG100', label: 'Proteínas', unit: 'g' },
  { field: 'totalFatG100', label: 'Grasas totales', unit: 'g' },
  { field: 'saturatedFatG100', label: 'Grasas saturadas', unit: 'g' },
  { field: 'carbohydratesG100', label: 'Hidratos de carbono', unit: 'g' },
  { field: 'totalSugarsG100', label: 'Azúcares totales', unit: 'g' },
  { field: 'fiberG100', label: 'Fibra dietética', unit: 'g' },
  { field: 'sodiumMg100', label: 'Sodio', unit: 'mg' },
];
