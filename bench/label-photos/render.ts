/**
 * Renders a Chilean label as a clean image: the ingredient list (a paragraph under or after "INGREDIENTES:") or
 * the nutrition table the way the Reglamento Sanitario de los Alimentos has it printed (a "100 g"/"100 mL" column
 * and a "1 porción" column, "Porción: … (30 g)", "Porciones por envase"). Text is laid out by Pango through
 * sharp (fonts from the machine's fontconfig), so words wrap and kern as on a printed pack.
 */
import sharp from 'sharp';
import type { Rng } from '../seeded-random.ts';

export const pick = <T>(r: Rng, items: readonly T[]): T => items[Math.floor(r() * items.length)]!;
export const between = (r: Rng, low: number, high: number) => low + r() * (high - low);

/** Families every label may be set in; `generate.ts` checks fontconfig has them before drawing anything. */
export const FONTS = [
  'Liberation Sans',
  'Liberation Sans Narrow',
  'DejaVu Sans Condensed',
  'Roboto Condensed',
  'Roboto',
  'Open Sans',
  'Noto Sans',
] as const;

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

type Ink = { text: string; font: string; px: number; bold?: boolean; colour?: string; width?: number; justify?: boolean };

/** One run of text (Pango markup), as an RGBA image of its own size. */
async function textImage({ text, font, px, bold, colour = '#1a1a1a', width, justify }: Ink) {
  const markup = `<span foreground="${colour}"${bold ? ' weight="bold"' : ''}>${text}</span>`;
  const { data, info } = await sharp({
    text: { text: markup, font: `${font} ${px}px`, rgba: true, ...(width ? { width, wrap: 'word' as const, justify: !!justify } : {}), spacing: Math.round(px * 0.28) },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

type Layer = { input: Buffer; left: number; top: number };

async function canvas(width: number, height: number, background: string, layers: Layer[], svg = ''): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background } });
  const overlays: Layer[] = [];
  if (svg) overlays.push({ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${svg}</svg>`), left: 0, top: 0 });
  return base.composite([...overlays, ...layers]).png().toBuffer();
}

// ---------------------------------------------------------------------------------------------------------------
// Ingredient lists

export type IngredientsTruth = { ingredients: string };

const AFTERWORDS = [
  'Mantener en lugar fresco y seco. Una vez abierto, consérvese refrigerado.',
  'Elaborado por: Alimentos del Sur S.A., Av. Los Leones 1234, Providencia, Santiago, Chile.',
  'Consumir preferentemente antes de: ver envase. Servicio al consumidor: 600 300 1000.',
  'Distribuido por: Comercial Andina Ltda., Camino a Melipilla 9000, Maipú, Santiago.',
];

/** The ingredient panel: heading inline or on its own line, sometimes all capitals, often with other text after it. */
export async function renderIngredients(r: Rng, text: string) {
  const font = pick(r, FONTS);
  const px = Math.round(between(r, 24, 31));
  const width = Math.round(between(r, 760, 1050));
  const upper = r() < 0.3;
  const printed = upper ? text.toLocaleUpperCase('es-CL') : text;
  const heading = pick(r, ['INGREDIENTES:', 'Ingredientes:', 'INGREDIENTES']);
  const inline = heading.endsWith(':') && r() < 0.7;
  const colour = pick(r, ['#1a1a1a', '#222', '#2b2118', '#102a43']);
  const background = pick(r, ['#ffffff', '#fbf7ec', '#f4f4f0', '#fff8e1']);
  const blocks: { data: Buffer; width: number; height: number }[] = [];
  if (inline) {
    blocks.push(await textImage({ text: `<b>${escape(heading)}</b> ${escape(printed)}`, font, px, colour, width, justify: r() < 0.5 }));
  } else {
    blocks.push(await textImage({ text: escape(heading), font, px: Math.round(px * 1.15), bold: true, colour, width }));
    blocks.push(await textImage({ text: escape(printed), font, px, colour, width, justify: r() < 0.5 }));
  }
  const afterwords = r() < 0.6 ? pick(r, AFTERWORDS) : null;
  if (afterwords) blocks.push(await textImage({ text: escape(afterwords), font, px: Math.round(px * 0.85), colour, width }));

  const margin = Math.round(px * 1.4);
  const gap = (i: number) => (i === 0 ? 0 : blocks.length === 3 && i === 1 ? Math.round(px * 0.4) : Math.round(px * 1.3));
  let y = margin;
  const layers: Layer[] = blocks.map((b, i) => {
    y += gap(i);
    const layer = { input: b.data, left: margin, top: y };
    y += b.height;
    return layer;
  });
  const image = await canvas(width + 2 * margin, y + margin, background, layers);
  return { image, truth: { ingredients: printed } satisfies IngredientsTruth, style: { font, px, upper, heading, inline, afterwords: !!afterwords } };
}

// ---------------------------------------------------------------------------------------------------------------
// Nutrition tables

export type NutrientKey =
  | 'energyKcal100'
  | 'proteinG100'
  | 'totalFatG100'
  | 'saturatedFatG100'
  | 'carbohydratesG100'
  | 'totalSugarsG100'
  | 'fiberG100'
  | 'sodiumMg100';
export type LabelValues = Record<NutrientKey, number | null>;

export type NutritionTruth = { per: '100 g' | '100 mL'; portionG: number; nutrients: LabelValues };

type Row = { label: string; key: NutrientKey | null; per100: number | null; indent: boolean; decimals: number };

/** A printed number, Chilean style: decimal comma; whole numbers with or without ",0" depending on the label. */
function printed(value: number, decimals: number, trimZero: boolean): string {
  const fixed = value.toFixed(decimals);
  const text = trimZero && decimals > 0 && Number(fixed) === Math.round(Number(fixed)) ? String(Math.round(Number(fixed))) : fixed;
  return text.replace('.', ',');
}
const roundTo = (value: number, decimals: number) => Number(value.toFixed(decimals));

const LABELS: Record<NutrientKey, string[]> = {
  energyKcal100: ['Energía (kcal)', 'Energía (Kcal)', 'Energía kcal'],
  proteinG100: ['Proteínas (g)', 'Proteína (g)', 'Proteínas g'],
  totalFatG100: ['Grasas totales (g)', 'Grasa total (g)', 'Grasas Totales (g)'],
  saturatedFatG100: ['Grasas saturadas (g)', 'Grasa saturada (g)', 'Grasas Saturadas (g)'],
  carbohydratesG100: ['Hidratos de carbono disponibles (g)', 'H. de C. disponibles (g)', 'Hidratos de Carbono disp. (g)'],
  totalSugarsG100: ['Azúcares totales (g)', 'Azúcares Totales (g)', 'Azúcares totales g'],
  fiberG100: ['Fibra dietética total (g)', 'Fibra dietética (g)', 'Fibra Dietética Total (g)'],
  sodiumMg100: ['Sodio (mg)', 'Sodio (mg)', 'Sodio mg'],
};

const PORTIONS_SOLID = [
  ['1 unidad', 30], ['2 galletas', 25], ['3/4 taza', 30], ['1 barra', 40], ['1 taza', 40], ['4 unidades', 20],
  ['1 rebanada', 50], ['1 pote', 120], ['1 cucharada', 15], ['1/2 taza', 60],
] as const;
const PORTIONS_LIQUID = [['1 vaso', 200], ['1 botella', 350], ['1 caja', 200], ['1 taza', 250]] as const;

/**
 * The nutrition table. Values per 100 are printed rounded as labels print them (kcal and mg whole, grams with one
 * decimal), the portion column computed from them; distractor rows (trans fat, cholesterol, mono- and
 * polyunsaturated fat) appear on some labels as on real ones. The truth is what is printed in the first column.
 */
export async function renderNutrition(r: Rng, values: LabelValues, liquid: boolean) {
  const font = pick(r, FONTS);
  const px = Math.round(between(r, 22, 30));
  const style = pick(r, ['boxed', 'zebra', 'dark-header'] as const);
  const trimZero = r() < 0.4;
  const [portionText, portion] = liquid ? pick(r, PORTIONS_LIQUID) : pick(r, PORTIONS_SOLID);
  const unit = liquid ? 'mL' : 'g';
  const per = liquid ? ('100 mL' as const) : ('100 g' as const);
  const label = (key: NutrientKey) => pick(r, LABELS[key]);
  const fat = values.totalFatG100 ?? 0;
  const extras = r() < 0.6;
  const rows: Row[] = [
    { key: 'energyKcal100', label: label('energyKcal100'), per100: values.energyKcal100, indent: false, decimals: 0 },
    { key: 'proteinG100', label: label('proteinG100'), per100: values.proteinG100, indent: false, decimals: 1 },
    { key: 'totalFatG100', label: label('totalFatG100'), per100: values.totalFatG100, indent: false, decimals: 1 },
    { key: 'saturatedFatG100', label: label('saturatedFatG100'), per100: values.saturatedFatG100, indent: true, decimals: 1 },
    ...(extras
      ? [
          { key: null, label: 'Grasas monoinsat. (g)', per100: roundTo(fat * 0.3, 1), indent: true, decimals: 1 },
          { key: null, label: 'Grasas poliinsat. (g)', per100: roundTo(fat * 0.15, 1), indent: true, decimals: 1 },
          { key: null, label: 'Grasas trans (g)', per100: 0, indent: true, decimals: 1 },
          { key: null, label: 'Colesterol (mg)', per100: Math.round(between(r, 0, 30)), indent: false, decimals: 0 },
        ]
      : r() < 0.5
        ? [{ key: null, label: 'Grasas trans (g)', per100: 0, indent: true, decimals: 1 }]
        : []),
    { key: 'carbohydratesG100', label: label('carbohydratesG100'), per100: values.carbohydratesG100, indent: false, decimals: 1 },
    { key: 'totalSugarsG100', label: label('totalSugarsG100'), per100: values.totalSugarsG100, indent: true, decimals: 1 },
    ...(values.fiberG100 === null ? [] : [{ key: 'fiberG100' as const, label: label('fiberG100'), per100: values.fiberG100, indent: false, decimals: 1 }]),
    { key: 'sodiumMg100', label: label('sodiumMg100'), per100: values.sodiumMg100, indent: false, decimals: 0 },
  ];

  const colour = '#111';
  const background = pick(r, ['#ffffff', '#fdfbf3', '#f7f7f7']);
  const labelWidth = Math.round(px * between(r, 15, 18));
  const column = Math.round(px * between(r, 5.2, 6.5));
  const width = labelWidth + 2 * column + px * 2;
  const rowHeight = Math.round(px * between(r, 1.55, 1.9));
  const pad = Math.round(px * 0.8);
  const layers: Layer[] = [];
  let svg = '';
  let y = pad;

  const put = async (ink: Ink, x: number, top: number, align: 'left' | 'right' | 'centre' = 'left', boxWidth = 0) => {
    const t = await textImage(ink);
    const left = align === 'left' ? x : align === 'right' ? x + boxWidth - t.width : x + Math.round((boxWidth - t.width) / 2);
    layers.push({ input: t.data, left: Math.max(0, Math.round(left)), top: Math.round(top) });
    return t;
  };

  // Title
  const titleColour = style === 'dark-header' ? '#ffffff' : colour;
  const titleHeight = Math.round(px * 1.9);
  if (style === 'dark-header') svg += `<rect x="0" y="0" width="${width}" height="${titleHeight + pad}" fill="#1b1b1b"/>`;
  await put({ text: pick(r, ['INFORMACIÓN NUTRICIONAL', 'Información Nutricional']), font, px: Math.round(px * 1.2), bold: true, colour: titleColour }, 0, y, 'centre', width);
  y += titleHeight;
  if (style !== 'dark-header') svg += `<rect x="${pad}" y="${y}" width="${width - 2 * pad}" height="${Math.max(3, Math.round(px / 6))}" fill="${colour}"/>`;
  y += Math.round(px * 0.6);
  const portionLine = `Porción: ${portionText} (${portion} ${unit})`;
  await put({ text: escape(portionLine), font, px, colour }, pad, y);
  y += rowHeight;
  const servings = Math.round(between(r, 4, 20));
  await put({ text: escape(pick(r, [`Porciones por envase: ${servings}`, `Porciones por envase: aprox. ${servings}`])), font, px, colour }, pad, y);
  y += rowHeight;
  svg += `<rect x="${pad}" y="${y - Math.round(px * 0.3)}" width="${width - 2 * pad}" height="2" fill="${colour}"/>`;

  // Column headings
  const col1 = labelWidth + px;
  const col2 = col1 + column;
  await put({ text: per, font, px, bold: true, colour }, col1, y, 'right', column - px / 2);
  await put({ text: pick(r, ['1 porción', '1 Porción', '1 PORCIÓN']), font, px, bold: true, colour }, col2, y, 'right', column - px / 2);
  y += rowHeight;
  svg += `<rect x="${pad}" y="${y - Math.round(px * 0.3)}" width="${width - 2 * pad}" height="${Math.max(2, Math.round(px / 8))}" fill="${colour}"/>`;

  const truth: LabelValues = { energyKcal100: null, proteinG100: null, totalFatG100: null, saturatedFatG100: null, carbohydratesG100: null, totalSugarsG100: null, fiberG100: null, sodiumMg100: null };
  for (const [i, row] of rows.entries()) {
    if (row.per100 === null) continue;
    if (style === 'zebra' && i % 2 === 0) svg += `<rect x="${pad}" y="${y - Math.round(px * 0.25)}" width="${width - 2 * pad}" height="${rowHeight}" fill="#e6e6e6"/>`;
    const per100 = roundTo(row.per100, row.decimals);
    const perPortion = roundTo((per100 * portion) / 100, row.decimals);
    await put({ text: escape(row.label), font, px, colour }, pad + (row.indent ? px : 0), y);
    await put({ text: printed(per100, row.decimals, trimZero), font, px, colour }, col1, y, 'right', column - px / 2);
    await put({ text: printed(perPortion, row.decimals, trimZero), font, px, colour }, col2, y, 'right', column - px / 2);
    if (row.key) truth[row.key] = per100;
    y += rowHeight;
    if (style === 'boxed') svg += `<rect x="${pad}" y="${y - Math.round(px * 0.3)}" width="${width - 2 * pad}" height="1" fill="#555"/>`;
  }
  y += pad;
  if (style !== 'zebra') svg += `<rect x="2" y="2" width="${width - 4}" height="${y - 4}" fill="none" stroke="${colour}" stroke-width="3"/>`;
  const image = await canvas(width, y, background, layers, svg);
  return { image, truth: { per, portionG: portion, nutrients: truth } satisfies NutritionTruth, style: { font, px, layout: style, trimZero, extras } };
}
