import { normalizeImages, type Product } from '@etiqueta/contracts';
import { formatScore, NUTRISCORE_MEANINGS, scoreBand } from '@etiqueta/domain';
import { CircleCheckBig, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { formatNutrientValue, NUTRIENT_NAMES } from '@/components/food/nutrient-labels';
import { NutrientLevelChip } from '@/components/food/nutrient-row';
import { ProductImage } from '@/components/food/product-image';
import { ScoreDot } from '@/components/food/score-badge';
import { VerdictMark } from '@/components/food/verdict-mark';

import { buildCompareRows, type CompareCell, type CompareRow } from '../lib/compare-table';
import { NOVA_CLASS, NUTRISCORE_CLASS } from '@/components/food/label-facts';
import { RISK_GROUP_STYLE } from '@/components/food/risk-group-list';

export const BETTER_MARK_TEXT = 'Mejor valor';

/** NOVA's groups in a word or two: the full meaning is on each product's page. */
const NOVA_SHORT: Record<1 | 2 | 3 | 4, string> = {
  1: 'Sin procesar',
  2: 'Ingrediente culinario',
  3: 'Procesado',
  4: 'Ultraprocesado',
};

/** Short titles: three columns of ~100 px on a phone. The order and meaning are those of the additives page. */
const RISK_SHORT = { riesgosos: 'Riesgosos', debate: 'En debate', 'sin-riesgo': 'Sin riesgo conocido' } as const;

const basisText = (products: readonly Product[]) => {
  const liquids = products.filter((product) => product.isLiquid).length;
  if (liquids === 0) return 'por 100 g';
  if (liquids === products.length) return 'por 100 mL';
  return 'por 100 g (bebidas por 100 mL)';
};

const rowLabel = (row: CompareRow, basis: string): string => {
  switch (row.kind) {
    case 'score':
      return 'Puntaje';
    case 'seals':
      return 'Sellos ALTO EN';
    case 'nutrient':
      return `${NUTRIENT_NAMES[row.nutrient]} · ${basis}`;
    case 'additives':
      return 'Aditivos por riesgo';
    case 'nova':
      return 'Procesamiento (NOVA)';
    case 'nutriscore':
      return 'Nutri-Score';
  }
};

const rowKey = (row: CompareRow) => (row.kind === 'nutrient' ? `nutrient-${row.nutrient}` : row.kind);

const Unknown = ({ children = 'Sin dato' }: { children?: ReactNode }) => (
  <span className="text-sm text-stone-600">{children}</span>
);

/** What one cell shows; null values say what is missing. */
const cellContent = (row: CompareRow, index: number): ReactNode => {
  switch (row.kind) {
    case 'score': {
      const score = row.cells[index]?.value ?? null;
      const band = scoreBand(score);
      return (
        <span className="flex flex-col gap-0.5" data-band={band.band}>
          <span className="flex items-center gap-1.5">
            <ScoreDot score={score} className="size-3.5" />
            <span className="font-bold text-stone-900 tabular-nums">
              {score === null ? band.label : formatScore(score)}
            </span>
          </span>
          {score === null ? null : <span className="text-sm font-medium text-stone-700">{band.label}</span>}
        </span>
      );
    }
    case 'seals': {
      const value = row.cells[index]?.value;
      if (value?.complete && value.seals.length === 0) {
        return <span className="text-sm font-semibold text-stone-900">Sin sellos</span>;
      }
      if (!value || value.seals.length === 0) return <Unknown>Faltan datos para saberlo</Unknown>;
      return (
        <ul className="flex flex-col items-start gap-1">
          {value.seals.map((seal) => (
            <li
              key={seal.id}
              className="rounded-md bg-black px-1.5 py-0.5 text-[11px] leading-tight font-extrabold break-words text-white uppercase"
            >
              {seal.label.replace(/^ALTO EN\s+/, '')}
            </li>
          ))}
        </ul>
      );
    }
    case 'nutrient': {
      const value = row.cells[index]?.value;
      if (!value) return <Unknown />;
      return (
        <span className="flex flex-col items-start gap-1">
          <span className="font-semibold text-stone-900 tabular-nums">
            {formatNutrientValue(row.nutrient, value.value)}
          </span>
          <NutrientLevelChip nutrient={row.nutrient} band={value.band} />
        </span>
      );
    }
    case 'additives': {
      const groups = row.cells[index]?.value;
      if (!groups) return <Unknown>Sin lista de ingredientes</Unknown>;
      return (
        <ul className="flex flex-col gap-1.5 text-sm">
          {groups.map((group) => {
            const { Icon, iconClass } = RISK_GROUP_STYLE[group.id];
            return (
              <li key={group.id} data-testid={`compare-risk-${group.id}`}>
                <span className="flex items-start gap-1">
                  <Icon aria-hidden="true" className={`mt-0.5 size-4 shrink-0 ${iconClass}`} />
                  <span>
                    {RISK_SHORT[group.id]}: <span className="font-bold tabular-nums">{group.items.length}</span>
                  </span>
                </span>
                {group.items.length > 0 ? (
                  <ul className="mt-0.5 ml-5 text-xs break-words text-stone-700">
                    {group.items.map((item, itemIndex) => (
                      <li key={`${item.code}-${itemIndex}`}>
                        <span className="font-semibold">{item.code}</span> {item.name}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            );
          })}
        </ul>
      );
    }
    case 'nova': {
      const group = row.cells[index]?.value;
      if (!group) return <Unknown />;
      return (
        <Grade
          value={group}
          colour={NOVA_CLASS[group]}
          meaning={NOVA_SHORT[group]}
          meaningClassName="text-stone-800 sm:text-sm"
        />
      );
    }
    case 'nutriscore': {
      const letter = row.cells[index]?.value;
      if (!letter) return <Unknown />;
      return (
        <Grade
          value={letter}
          colour={NUTRISCORE_CLASS[letter]}
          meaning={NUTRISCORE_MEANINGS[letter]}
          meaningClassName="text-stone-700"
        />
      );
    }
  }
};

/** The mark of a row's better value: an icon and words, never the colour alone. */
const BetterMark = () => (
  <span
    className="mt-1.5 flex w-fit items-center gap-1 rounded-full bg-green-800 px-1.5 py-0.5 text-[11px] leading-tight font-bold text-white"
    data-testid="better-mark"
  >
    <CircleCheckBig aria-hidden="true" className="size-3.5 shrink-0" />
    {BETTER_MARK_TEXT}
  </span>
);

type CompareTableViewProps = {
  products: readonly Product[];
  onRemove: (product: Product) => void;
};

/** Sticky under the site header (h-16), so the names stay in sight while the rows scroll by. */
const STICKY_HEAD = 'sticky top-16 z-10';

/**
 * Products side by side in a real table: a column per product (its name is the column header), a row per
 * fact (its label is the row header). On phones and tablets the row's label is printed as a band above its
 * cells, so three columns fit 360 px without sideways scrolling; the row header itself stays in the table for
 * screen readers. From 1024 px the labels take a column of their own. The better value of each row carries
 * a 'Mejor valor' mark (icon and words) and a tint.
 */
export const CompareTableView = ({ products, onRemove }: CompareTableViewProps) => {
  const rows = buildCompareRows(products);
  const basis = basisText(products);
  const columns = products.length;
  return (
    <table className="w-full table-fixed border-separate border-spacing-0" data-testid="compare-table">
      <caption className="sr-only">
        Comparación de {products.map((product) => product.name).join(', ')}
      </caption>
      <thead>
        <tr>
          <td className={`w-0 p-0 lg:w-48 lg:bg-stone-50 ${STICKY_HEAD}`} />
          {products.map((product) => (
            <th
              key={product.id}
              scope="col"
              className={`${STICKY_HEAD} border-b border-stone-200 bg-stone-50/95 px-1 py-2 text-left align-top backdrop-blur sm:px-3`}
              data-testid="compare-column"
            >
              <Link
                to={`/product/${product.id}`}
                className="line-clamp-3 text-sm leading-snug font-bold break-words text-stone-900 underline-offset-2 hover:underline sm:text-base"
              >
                {product.name}
              </Link>
            </th>
          ))}
        </tr>
        <tr>
          <td className="w-0 p-0 lg:w-48" />
          {products.map((product) => (
            <td key={product.id} className="px-1 pt-2 pb-3 align-top sm:px-3">
              <ProductImage
                src={normalizeImages(product.images).thumbnail}
                alt=""
                loading="lazy"
                className="size-16 rounded-lg ring-1 ring-stone-200 sm:size-24"
              />
              {product.brand ? (
                <p className="mt-1 truncate text-xs text-stone-600 sm:text-sm">{product.brand}</p>
              ) : null}
              <VerdictMark product={product} className="mt-1" />
              <button
                type="button"
                onClick={() => onRemove(product)}
                aria-label={`Quitar ${product.name} de la comparación`}
                className="-ml-1 mt-1 inline-flex min-h-11 items-center gap-1 rounded-lg px-1 text-sm font-semibold text-brand-800 hover:bg-brand-50"
              >
                <X aria-hidden="true" className="size-4 shrink-0" />
                Quitar
              </button>
            </td>
          ))}
        </tr>
      </thead>
      {rows.map((row) => {
        const label = rowLabel(row, basis);
        return (
          <tbody key={rowKey(row)} data-testid={`compare-row-${rowKey(row)}`}>
            {/* The label as a band above the row, for the eyes; the row header below says it to screen readers. */}
            <tr aria-hidden="true" className="lg:hidden">
              <td
                colSpan={columns + 1}
                className="border-t border-stone-200 bg-stone-100 px-2 py-1 text-xs font-bold tracking-wide text-stone-800 uppercase"
              >
                {label}
              </td>
            </tr>
            <tr>
              <th
                scope="row"
                className="w-0 p-0 text-left align-top text-sm font-bold text-stone-800 lg:border-t lg:border-stone-200 lg:bg-stone-50 lg:px-3 lg:py-3"
              >
                <span className="sr-only lg:not-sr-only">{label}</span>
              </th>
              {row.cells.map((cell: CompareCell<unknown>, index) => (
                <td
                  key={products[index]?.id ?? index}
                  className={`px-1 py-2 align-top [overflow-wrap:anywhere] sm:px-3 lg:border-t lg:border-stone-200 ${
                    cell.better ? 'bg-green-50' : ''
                  }`}
                  data-better={cell.better || undefined}
                >
                  {cellContent(row, index)}
                  {cell.better ? <BetterMark /> : null}
                </td>
              ))}
            </tr>
          </tbody>
        );
      })}
    </table>
  );
};

/** A grade (a NOVA group, a Nutri-Score letter) in its coloured square, with what it means under it. */
const Grade = ({
  value,
  colour,
  meaning,
  meaningClassName,
}: {
  value: ReactNode;
  colour: string | undefined;
  meaning: ReactNode;
  meaningClassName: string;
}) => (
  <span className="flex flex-col items-start gap-1">
    <span className={`grid size-8 place-items-center rounded-lg text-base font-black ${colour}`}>{value}</span>
    <span className={`text-xs ${meaningClassName}`}>{meaning}</span>
  </span>
);
