/**
 * Prints the worked examples of docs/scoring.md §9: ten kinds of product a Chilean shopper buys, with values as
 * their labels typically print them (rounded, per 100 g or 100 mL), analysed with the current SCORE_VERSION.
 * Run: npx tsx packages/domain/scripts/worked-examples.ts
 */
import {
  ADDITIVE_CATALOGUE,
  SCORE_VERSION,
  type ProductInput,
  analyseProduct,
  buildAdditiveMatcher,
  formatNumberEs,
  formatSignedPoints,
} from '../src/index.ts';

type Example = { kind: string; input: ProductInput };

const none = { frutasPercentage: null, verdurasPercentage: null, legumesPercentage: null, nutsPercentage: null };
/** Typical Chilean labels of each kind, values rounded as printed per 100 g or 100 mL (our reading of labels). */
const EXAMPLES: readonly Example[] = [
  {
    kind: 'Bebida cola',
    input: {
      ...none,
      ingredients:
        'agua carbonatada, azúcar, colorante caramelo IV (INS 150d), acidulante ácido fosfórico (INS 338), saborizantes naturales, cafeína',
      organic: false,
      nutriscoreCategory: 'beverage',
      energyKcal100: 42,
      totalFatG100: 0,
      saturatedFatG100: 0,
      carbohydratesG100: 10.6,
      totalSugarsG100: 10.6,
      fiberG100: 0,
      proteinG100: 0,
      sodiumMg100: 10,
    },
  },
  {
    kind: 'Néctar de durazno',
    input: {
      ...none,
      frutasPercentage: 35,
      ingredients:
        'agua, pulpa de durazno (35%), azúcar, acidulante ácido cítrico, antioxidante ácido ascórbico, estabilizante pectina, edulcorantes sucralosa y acesulfamo de potasio',
      organic: false,
      nutriscoreCategory: 'beverage',
      energyKcal100: 30,
      totalFatG100: 0,
      saturatedFatG100: 0,
      carbohydratesG100: 7.3,
      totalSugarsG100: 7,
      fiberG100: 0.4,
      proteinG100: 0.2,
      sodiumMg100: 8,
    },
  },
  {
    kind: 'Leche entera',
    input: {
      ...none,
      ingredients: 'leche entera',
      organic: false,
      nutriscoreCategory: 'beverage',
      energyKcal100: 60,
      totalFatG100: 3,
      saturatedFatG100: 1.9,
      carbohydratesG100: 4.7,
      totalSugarsG100: 4.7,
      fiberG100: 0,
      proteinG100: 3.1,
      sodiumMg100: 44,
    },
  },
  {
    kind: 'Yogur natural',
    input: {
      ...none,
      ingredients: 'leche entera pasteurizada, cultivos lácticos',
      organic: false,
      nutriscoreCategory: 'solid',
      energyKcal100: 62,
      totalFatG100: 2.9,
      saturatedFatG100: 1.9,
      carbohydratesG100: 4.8,
      totalSugarsG100: 4.8,
      fiberG100: 0,
      proteinG100: 3.6,
      sodiumMg100: 50,
    },
  },
  {
    kind: 'Avena',
    input: {
      ...none,
      ingredients: 'avena integral',
      organic: false,
      nutriscoreCategory: 'solid',
      energyKcal100: 370,
      totalFatG100: 7,
      saturatedFatG100: 1.3,
      carbohydratesG100: 60,
      totalSugarsG100: 1,
      fiberG100: 10,
      proteinG100: 13,
      sodiumMg100: 5,
    },
  },
  {
    kind: 'Galletas rellenas de vainilla',
    input: {
      ...none,
      ingredients:
        'harina de trigo, azúcar, aceite vegetal, jarabe de glucosa, sal, emulsionante lecitina de soya, leudante bicarbonato de sodio, saborizante artificial',
      organic: false,
      nutriscoreCategory: 'solid',
      energyKcal100: 480,
      totalFatG100: 20,
      saturatedFatG100: 9,
      carbohydratesG100: 70,
      totalSugarsG100: 32,
      fiberG100: 1.5,
      proteinG100: 5,
      sodiumMg100: 250,
    },
  },
  {
    kind: 'Manjar',
    input: {
      ...none,
      ingredients: 'leche, azúcar, espesante almidón modificado, bicarbonato de sodio, saborizante idéntico al natural',
      organic: false,
      nutriscoreCategory: 'solid',
      energyKcal100: 315,
      totalFatG100: 7,
      saturatedFatG100: 4.5,
      carbohydratesG100: 55,
      totalSugarsG100: 50,
      fiberG100: 0,
      proteinG100: 7,
      sodiumMg100: 140,
    },
  },
  {
    kind: 'Papas fritas',
    input: {
      ...none,
      ingredients: 'papas, aceite vegetal, sal',
      organic: false,
      nutriscoreCategory: 'solid',
      energyKcal100: 540,
      totalFatG100: 34,
      saturatedFatG100: 4,
      carbohydratesG100: 52,
      totalSugarsG100: 0.5,
      fiberG100: 4,
      proteinG100: 6,
      sodiumMg100: 600,
    },
  },
  {
    kind: 'Agua mineral',
    input: {
      ...none,
      ingredients: 'agua mineral natural',
      organic: false,
      nutriscoreCategory: 'beverage',
      isWater: true,
      energyKcal100: 0,
      totalFatG100: 0,
      saturatedFatG100: 0,
      carbohydratesG100: 0,
      totalSugarsG100: 0,
      fiberG100: 0,
      proteinG100: 0,
      sodiumMg100: 2,
    },
  },
  {
    kind: 'Aceite de oliva extra virgen',
    input: {
      ...none,
      ingredients: 'aceite de oliva extra virgen',
      organic: false,
      nutriscoreCategory: 'added_fat',
      energyKcal100: 900,
      totalFatG100: 100,
      saturatedFatG100: 14,
      carbohydratesG100: 0,
      totalSugarsG100: 0,
      fiberG100: 0,
      proteinG100: 0,
      sodiumMg100: 0,
    },
  },
];

const matcher = buildAdditiveMatcher(ADDITIVE_CATALOGUE);
const n = (v: number | null, d = 1): string => (v === null ? '–' : formatNumberEs(v, d));

console.log(
  `<!-- generated by packages/domain/scripts/worked-examples.ts, SCORE_VERSION ${SCORE_VERSION} -->`,
);
EXAMPLES.forEach(({ kind, input }, index) => {
  const category = input.nutriscoreCategory;
  const r = analyseProduct(input, matcher);
  console.log(`\n### ${index + 1}. ${kind} (${category})\n`);
  console.log(`Ingredientes: ${input.ingredients ?? ''}\n`);
  console.log(
    `Por 100 ${category === 'beverage' ? 'mL' : 'g'}: ${n(input.energyKcal100, 0)} kcal, grasas ${n(input.totalFatG100)} g (saturadas ${n(input.saturatedFatG100)} g), ` +
      `hidratos ${n(input.carbohydratesG100 ?? null)} g (azúcares ${n(input.totalSugarsG100)} g), fibra ${n(input.fiberG100)} g, proteínas ${n(input.proteinG100)} g, sodio ${n(input.sodiumMg100, 0)} mg.\n`,
  );
  const additives =
    r.detectedAdditives.map((a) => `${a.code} ${a.name} («${a.matchedText}», ${a.riskLevel})`).join('; ') ||
    'ninguno';
  const suspects =
    r.ultraprocessed.map((s) => `${s.name} («${s.matchedText}», ${s.riskLevel})`).join('; ') || 'ninguno';
  console.log(`Aditivos: ${additives}. Otros sospechosos: ${suspects}. NOVA ${r.novaGroup ?? '–'}.`);
  console.log(
    `Nutri-Score 2023: ${r.nutriscore ? `${r.nutriscore.score} puntos, ${r.nutriscore.grade.toUpperCase()}` : '–'}. Sellos: ${r.seals.map((s) => s.label).join(', ') || 'ninguno'}.\n`,
  );
  console.log('| regla | razón | puntos |\n|---|---|---|');
  for (const reason of r.reasons)
    console.log(
      `| \`${reason.rule}\` | ${(reason.points === 0 ? reason.text : reason.text.replace(/:\s[^:]*$/, ''))} | ${formatSignedPoints(reason.points)} |`,
    );
  console.log(
    `| | **Puntaje** | **${r.healthScore === null ? 'Sin puntaje' : formatNumberEs(r.healthScore, 1)}** (${r.scoreLabel}) |`,
  );
});
