import type { Product } from '@etiqueta/contracts';

/**
 * A product as GET /api/products/{id} returns it (copied from the e2e catalogue, product "Galletas",
 * trimmed of the Nutri-Score detail). Tests derive their variants from it with `productFixture({...})`.
 */
const base: Product = {
  id: 6315,
  barcode: '8480000145802',
  name: 'Galletas gofres rellenas de caramelo',
  brand: 'Hacendado',
  images: {
    primary: 'https://images.openfoodfacts.org/images/products/848/000/014/5802/front_es.16.400.jpg',
    thumbnail: 'https://images.openfoodfacts.org/images/products/848/000/014/5802/front_es.16.200.jpg',
    gallery: ['https://images.openfoodfacts.org/images/products/848/000/014/5802/front_es.16.400.jpg'],
  },
  healthScore: 1.5,
  categorySlug: 'chocolates-galletas-y-dulces',
  subcategorySlug: 'galletas',
  sub2categoryName: 'Galletas dulces',
  totalSugarsG100: 37.2,
  novaGroup: 4,
  detectedAdditives: [
    {
      code: 'E500',
      name: 'Carbonatos de sodio',
      riskLevel: 'Sin riesgo conocido',
      matchedText: 'E500',
      function: 'leudante',
      reason: 'Autorizado en la UE y por el Codex sin alerta de sobreexposición.',
    },
    {
      code: 'E330',
      name: 'Ácido cítrico',
      riskLevel: 'Sin riesgo conocido',
      matchedText: 'E330',
      function: 'acidulante',
      reason: 'Autorizado en la UE y por el Codex sin alerta de sobreexposición.',
    },
  ],
  ultraprocessed: [
    { id: 'jarabe-glucosa', name: 'Jarabe de glucosa', riskLevel: 'alto', matchedText: 'jarabe de glucosa' },
    { id: 'fructosa', name: 'Fructosa añadida', riskLevel: 'alto', matchedText: 'fructosa' },
    { id: 'saborizante', name: 'Saborizante o aroma', riskLevel: 'Sin riesgo conocido', matchedText: 'aromas' },
  ],
  ingredients:
    'Ingredientes: 33% jarabe de glucosa y fructosa, harina de trigo, 23% mantequilla (leche), azúcar, harina de soja, suero de leche en polvo (leche), almidón de trigo, sal, aromas, huevos, emulgente (lecitina de soja), gasificante (E500), canela, corrector de acidez (E330), vainilla',
  // Read well, as the score's reasons below (with the processing credit) were computed; the tests of a list
  // read with gaps say so in their own overrides.
  ingredientReading: { readWell: true, ingredientCount: 15, recognisedCount: 15, unrecognised: [], undeclared: [] },
  // As the list says: wheat, butter and whey, soy flour and lecithin, eggs; no traces declared.
  allergens: { status: 'complete', contains: ['gluten', 'huevo', 'soya', 'leche'], traces: [] },
  diets: { vegan: 'no', vegetarian: 'yes', palmOil: 'no', sweeteners: 'no', lactose: 'yes' },
  organic: false,
  nutriscoreCategory: 'solid',
  isLiquid: false,
  frutasPercentage: null,
  verdurasPercentage: null,
  legumesPercentage: null,
  nutsPercentage: null,
  energyKcal100: 456.7,
  totalFatG100: 19.5,
  saturatedFatG100: 12.6,
  carbohydratesG100: 60.2,
  fiberG100: null,
  proteinG100: 3.9,
  sodiumMg100: 259.84,
  energyEstimated: true,
  scoreLabel: 'Muy malo',
  nutriscore: { grade: 'e', score: 24 },
  reasons: [
    { rule: 'nutrition.base', text: 'Base nutricional: +4,2', points: 4.2 },
    { rule: 'nutrition.energy', text: 'Energía 457 kcal/100 g: −1,0', points: -1 },
    { rule: 'nutrition.sugars', text: 'Azúcares 37,2 g/100 g: −2,2', points: -2.2 },
    { rule: 'nutrition.saturated_fat', text: 'Grasas saturadas 12,6 g/100 g: −2,0', points: -2 },
    { rule: 'nutrition.salt', text: 'Sodio 260 mg/100 g: −0,6', points: -0.6 },
    { rule: 'nutrition.limit', text: 'Nutrición: mínimo 0,0: +1,6', points: 1.6 },
    { rule: 'processing.base', text: 'Procesamiento (sin aditivos ni sospechosos): +3,0', points: 3 },
    { rule: 'additive.sin-riesgo', text: 'Aditivo E500 Carbonatos de sodio: −0,2', points: -0.2 },
    { rule: 'additive.sin-riesgo', text: 'Aditivo E330 Ácido cítrico: −0,2', points: -0.2 },
    { rule: 'suspect.alto', text: 'Ultraprocesado (alto): Jarabe de glucosa: −0,5', points: -0.5 },
    { rule: 'suspect.alto', text: 'Ultraprocesado (alto): Fructosa añadida: −0,5', points: -0.5 },
    { rule: 'suspect.sin-riesgo', text: 'Ultraprocesado: Saborizante o aroma: −0,1', points: -0.1 },
  ],
  seals: [
    {
      id: 'alto-en-calorias',
      unit: 'kcal',
      basis: '100 g',
      label: 'ALTO EN CALORÍAS',
      limit: 275,
      value: 456.7,
    },
    { id: 'alto-en-azucares', unit: 'g', basis: '100 g', label: 'ALTO EN AZÚCARES', limit: 10, value: 37.2 },
    {
      id: 'alto-en-grasas-saturadas',
      unit: 'g',
      basis: '100 g',
      label: 'ALTO EN GRASAS SATURADAS',
      limit: 4,
      value: 12.6,
    },
  ],
  scoreVersion: '2026.11.1',
  novaOverride: null,
  lockedFields: [],
  source: 'off',
  updatedAt: '2026-11-22T00:40:37.186Z',
};

export const productFixture = (overrides: Partial<Product> = {}): Product => ({ ...base, ...overrides });

/** A list we could not read whole: 'concentrados Coca-Cola' stands for ingredients the label does not declare. */
export const undeclaredConcentrateList: Pick<Product, 'ingredients' | 'ingredientReading'> = {
  ingredients: 'Agua carbonatada, azúcares y concentrados Coca-Cola.',
  ingredientReading: {
    readWell: false,
    ingredientCount: 3,
    recognisedCount: 2,
    unrecognised: [],
    undeclared: ['concentrados Coca-Cola'],
  },
};

/** A plain, organic, additive-free product with good fibre and fruit: the thumbs-up side. */
export const wholesomeProductFixture = (overrides: Partial<Product> = {}): Product =>
  productFixture({
    id: 42,
    name: 'Avena integral orgánica',
    brand: 'Campo Sur',
    images: null,
    healthScore: 9.1,
    scoreLabel: 'Excelente',
    detectedAdditives: [],
    ultraprocessed: [],
    ingredients: 'Avena integral, pasas, manzana deshidratada',
    allergens: { status: 'complete', contains: ['gluten'], traces: [] },
    diets: { vegan: 'yes', vegetarian: 'yes', palmOil: 'no', sweeteners: 'no', lactose: 'no' },
    ingredientReading: {
      readWell: true,
      ingredientCount: 3,
      recognisedCount: 3,
      unrecognised: [],
      undeclared: [],
    },
    organic: true,
    frutasPercentage: 85,
    energyKcal100: 150,
    totalFatG100: 2,
    saturatedFatG100: 0.4,
    totalSugarsG100: 6,
    fiberG100: 9.5,
    proteinG100: 12,
    sodiumMg100: 10,
    reasons: [{ rule: 'nutrition.base', text: 'Base nutricional: +6,0', points: 6 }],
    seals: [],
    ...overrides,
  });
