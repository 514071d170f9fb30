import type { Additive } from '@etiqueta/contracts';
import { foldText, RISK_LEVELS } from '@etiqueta/domain';

export type AdditiveSortKey = 'code' | 'name' | 'riskLevel' | 'category';
export type SortDirection = 'asc' | 'desc';
export type AdditiveSort = { key: AdditiveSortKey; direction: SortDirection };

export const ADDITIVES_PAGE_SIZE = 25;

/** Matches the typed text, accents and case aside, against code, name, category and alternative names. */
export const matchesAdditiveSearch = (additive: Additive, search: string): boolean => {
  const needle = foldText(search.trim());
  if (needle === '') return true;
  const compactNeedle = needle.replace(/[\s-]/g, '');
  const haystack = [additive.name, additive.category, ...additive.alternativeNames].map(foldText);
  const code = foldText(additive.code ?? '');
  return (
    haystack.some((text) => text.includes(needle)) || (compactNeedle !== '' && code.includes(compactNeedle))
  );
};

/** E-numbers sort by their number (E100 before E1000), then by the suffix. */
const codeSortValue = (code: string | null): [number, string] => {
  const match = /^E(\d+)(.*)$/i.exec(code ?? '');
  return match ? [Number(match[1]), match[2] ?? ''] : [Number.POSITIVE_INFINITY, code ?? ''];
};

const collator = new Intl.Collator('es', { sensitivity: 'base', numeric: true });

/** Risk sorts by severity (Riesgoso first ascending), not alphabetically. */
const riskRank = (risk: Additive['riskLevel']) => RISK_LEVELS.indexOf(risk);

const compare = (a: Additive, b: Additive, key: AdditiveSortKey): number => {
  switch (key) {
    case 'code': {
      const [na, sa] = codeSortValue(a.code);
      const [nb, sb] = codeSortValue(b.code);
      return na === nb ? collator.compare(sa, sb) : na < nb ? -1 : 1;
    }
    case 'riskLevel':
      return riskRank(a.riskLevel) - riskRank(b.riskLevel) || collator.compare(a.name, b.name);
    case 'category':
      return collator.compare(a.category, b.category) || collator.compare(a.name, b.name);
    case 'name':
      return collator.compare(a.name, b.name);
  }
};

export const sortAdditives = (
  additives: readonly Additive[],
  { key, direction }: AdditiveSort,
): Additive[] => {
  const sign = direction === 'asc' ? 1 : -1;
  return [...additives].sort((a, b) => sign * compare(a, b, key));
};

export type Paged<T> = { rows: T[]; page: number; pageCount: number; total: number };

/** Clamps the page into range, so deleting the last row of the last page never shows an empty page. */
export const paginate = <T>(rows: readonly T[], page: number, pageSize: number): Paged<T> => {
  const pageCount = Math.max(1, Math.ceil(rows.length / pageSize));
  const current = Math.min(Math.max(1, page), pageCount);
  return {
    rows: rows.slice((current - 1) * pageSize, current * pageSize),
    page: current,
    pageCount,
    total: rows.length,
  };
};
