import type { Product } from '@etiqueta/contracts';
import { additiveFunctionName, type NutrientId, type RiskLevel } from '@etiqueta/domain';
import {
  Apple,
  Candy,
  ChevronDown,
  CircleHelp,
  Droplet,
  Dumbbell,
  Factory,
  Flame,
  FlaskConical,
  FlaskConicalOff,
  Leaf,
  type LucideIcon,
  Sparkles,
  ThumbsDown,
  ThumbsUp,
  Wheat,
} from 'lucide-react';
import { Accordion } from 'radix-ui';
import type { ReactNode } from 'react';

import { MoreLink } from '@/components/ui/more-link';
import { NutrientSummary } from '@/components/food/nutrient-row';
import { ScaleBar } from '@/components/food/scale-bar';

import type { ProductRow } from '@/components/food/product-rows';
import { riskLevelWord } from '@/components/food/risk-groups';

const NUTRIENT_ICONS: Record<NutrientId, LucideIcon> = {
  energy: Flame,
  sugar: Candy,
  saturatedFat: Droplet,
  sodium: Sparkles,
  protein: Dumbbell,
  fiber: Wheat,
  fruitsVegetables: Apple,
};

const rowKey = (row: ProductRow) => (row.kind === 'nutrient' ? `nutrient-${row.nutrient}` : row.kind);

type RowProps = { row: ProductRow; product: Product; tone: 'negative' | 'positive' | 'doubtful' };

/** Nutrients are per 100 mL for a product sold by volume (as its Chilean seals are), else per 100 g. */
const nutritionBasis = (product: Product) => (product.isLiquid ? '100 mL' : '100 g');

const TONE_ICON_CLASS = {
  negative: 'text-red-700',
  positive: 'text-green-700',
  doubtful: 'text-stone-500',
} as const;

/** A closed row that counts what it holds: its name, and the count in a pill at the far end. */
const CountSummary = ({ label, count }: { label: string; count: number }) => (
  <span className="flex flex-1 items-center justify-between gap-3">
    <span className="font-medium text-stone-900">{label}</span>
    <span className="rounded-full bg-stone-100 px-2.5 py-0.5 text-sm font-bold text-stone-900 tabular-nums">
      {count}
    </span>
  </span>
);

const RISK_DOT: Record<RiskLevel, string> = {
  Riesgoso: 'bg-red-600',
  'Riesgo posible (Debate)': 'bg-orange-500',
  'Sin riesgo conocido': 'bg-green-600',
};

/**
 * One detected additive: its risk as a dot and in words, code, name and function; opened, the reason for its
 * risk level as the additive table states it and the words of the label that matched.
 */
const AdditiveItem = ({ additive }: { additive: Product['detectedAdditives'][number] }) => {
  const role = additiveFunctionName(additive.function);
  return (
    <li data-testid="additive-item">
      <details className="group/additive">
        <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 py-2 [&::-webkit-details-marker]:hidden">
          <span
            aria-hidden="true"
            className={`size-3 shrink-0 rounded-full ${RISK_DOT[additive.riskLevel]}`}
          />
          <span className="min-w-0 flex-1">
            <span className="font-semibold">{additive.code}</span> {additive.name}
            <span className="block text-xs text-stone-600">
              {role ? `${role} · ` : ''}
              {additive.riskLevel}
            </span>
          </span>
          <ChevronDown
            aria-hidden="true"
            className="size-4 shrink-0 text-stone-500 transition-transform group-open/additive:rotate-180"
          />
        </summary>
        <div className="pb-2 pl-5 text-sm text-stone-700">
          <p>{additive.reason ?? 'Sin más información sobre este aditivo por ahora.'}</p>
          <p className="mt-1 text-xs text-stone-600">En la etiqueta: «{additive.matchedText}»</p>
        </div>
      </details>
    </li>
  );
};

/** What a row says when closed (icon, name, value) and what it shows when opened. */
const rowParts = ({ row, product }: RowProps): { Icon: LucideIcon; summary: ReactNode; body: ReactNode } => {
  switch (row.kind) {
    case 'additives':
      return {
        Icon: FlaskConical,
        summary: <CountSummary label="Aditivos" count={row.count} />,
        body: (
          <>
            <ul className="divide-y divide-stone-100 text-sm text-stone-800" data-testid="additive-list">
              {product.detectedAdditives.map((additive, index) => (
                <AdditiveItem key={`${additive.code}-${index}`} additive={additive} />
              ))}
            </ul>
            <MoreLink to={`/product/${product.id}/additives`} className="mt-3">
              Ver aditivos
            </MoreLink>
          </>
        ),
      };
    case 'suspects':
      return {
        Icon: Factory,
        summary: <CountSummary label="Otros sospechosos" count={row.count} />,
        body: (
          <>
            <p className="text-sm text-stone-700">Ingredientes típicos de los alimentos ultraprocesados.</p>
            <ul className="mt-2 space-y-2 text-sm text-stone-800">
              {product.ultraprocessed.map((suspect, index) => (
                <li key={`${suspect.name}-${index}`}>
                  <span className="font-semibold">{suspect.name}</span>
                  <span className="block text-xs text-stone-600">{riskLevelWord(suspect.riskLevel)}</span>
                </li>
              ))}
            </ul>
            <MoreLink to={`/product/${product.id}/ultraprocessed`} className="mt-3">
              Ver otros sospechosos
            </MoreLink>
          </>
        ),
      };
    case 'no-additives':
      return {
        Icon: FlaskConicalOff,
        summary: <CountSummary label="Aditivos" count={0} />,
        // Shown only for a list read well (buildProductRows): never from a missing or unreadable list.
        body: <p className="text-sm text-stone-700">No detectamos aditivos en la lista de ingredientes.</p>,
      };
    case 'organic':
      return {
        Icon: Leaf,
        summary: <span className="flex-1 font-medium text-stone-900">Ecológico</span>,
        body: <p className="text-sm text-stone-700">Producto de agricultura ecológica (orgánico).</p>,
      };
    case 'nutrient':
      return {
        Icon: NUTRIENT_ICONS[row.nutrient],
        summary: (
          <NutrientSummary nutrient={row.nutrient} value={row.value} band={row.band} saltG={row.saltG} />
        ),
        body:
          row.group === 'doubtful' ? (
            <p className="text-sm text-stone-700">
              {`Por ${nutritionBasis(product)} de producto. Este valor no cuadra con los otros de la etiqueta, así que no lo juzgamos ni lo usamos para el puntaje.`}
            </p>
          ) : (
            <>
              <p className="mb-2 text-xs text-stone-600">
                {`Por ${nutritionBasis(product)} de producto${row.sealed ? ': supera el límite del sello ALTO EN.' : '.'}`}
              </p>
              <ScaleBar nutrient={row.nutrient} value={row.value} band={row.band} basis={row.basis} />
            </>
          ),
      };
  }
};

const Row = (props: RowProps) => {
  const { Icon, summary, body } = rowParts(props);
  const key = rowKey(props.row);
  return (
    <Accordion.Item value={key} data-testid={`row-${key}`}>
      <Accordion.Header className="m-0">
        <Accordion.Trigger className="group flex min-h-14 w-full items-center gap-3 px-4 py-3 text-left hover:bg-stone-50 focus-visible:-outline-offset-2">
          <Icon aria-hidden="true" className={`size-5 shrink-0 ${TONE_ICON_CLASS[props.tone]}`} />
          {summary}
          <ChevronDown
            aria-hidden="true"
            className="size-5 shrink-0 text-stone-500 transition-transform group-data-[state=open]:rotate-180"
          />
        </Accordion.Trigger>
      </Accordion.Header>
      <Accordion.Content className="px-4 pt-1 pb-4">{body}</Accordion.Content>
    </Accordion.Item>
  );
};

type ProductRowGroupProps = {
  tone: 'negative' | 'positive' | 'doubtful';
  rows: readonly ProductRow[];
  product: Product;
};

const GROUP_TITLES = { negative: 'Negativo', positive: 'Positivo', doubtful: 'Datos dudosos' } as const;
const EMPTY_TEXT = {
  negative: 'Nada negativo que destacar.',
  positive: 'Nada positivo que destacar.',
  doubtful: 'Ningún valor dudoso.',
} as const;

const TITLE_ICONS = { negative: ThumbsDown, positive: ThumbsUp, doubtful: CircleHelp } as const;

/**
 * One of the product page's two groups (spec §2), thumbs-down or thumbs-up, or the values the label contradicts
 * ('Datos dudosos', neutral grey, beyond the spec); every row a Radix accordion item (a button with
 * aria-expanded, opened with Enter or Space).
 */
export const ProductRowGroup = ({ tone, rows, product }: ProductRowGroupProps) => {
  const TitleIcon = TITLE_ICONS[tone];
  const titleId = `group-${tone}-title`;
  return (
    <section aria-labelledby={titleId} data-testid={`group-${tone}`}>
      <h2 id={titleId} className="flex items-center gap-2 text-xl font-bold text-stone-900">
        <TitleIcon aria-hidden="true" className={`size-6 ${TONE_ICON_CLASS[tone]}`} />
        {GROUP_TITLES[tone]}
      </h2>
      {rows.length === 0 ? (
        <p className="mt-3 rounded-2xl bg-white px-4 py-4 text-stone-700 ring-1 ring-stone-200">
          {EMPTY_TEXT[tone]}
        </p>
      ) : (
        <Accordion.Root
          type="multiple"
          className="mt-3 divide-y divide-stone-100 overflow-hidden rounded-2xl bg-white ring-1 ring-stone-200"
        >
          {rows.map((row) => (
            <Row key={rowKey(row)} row={row} product={product} tone={tone} />
          ))}
        </Accordion.Root>
      )}
    </section>
  );
};
