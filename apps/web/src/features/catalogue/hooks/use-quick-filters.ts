import {
  type FilterState,
  type FilterableProduct,
  INITIAL_FILTER_STATE,
  type QuickFilter,
  applySugarInput,
  matchesFilters,
  toggleQuickFilter,
  toggleSugarFilter,
} from '@etiqueta/domain';
import { useCallback, useMemo, useState } from 'react';

type QuickFiltersState = { filters: FilterState; sugarText: string };

const initialState = (): QuickFiltersState => ({
  filters: INITIAL_FILTER_STATE,
  sugarText: String(INITIAL_FILTER_STATE.sugarMaxG),
});

/**
 * The listing's quick filters (spec §4, §5). Every rule is the domain's; this hook only keeps the state and the
 * text of the sugar box, which follows what was typed only when the domain accepted it (so '100' or '-1' are
 * ignored and the box keeps its previous text).
 */
export const useQuickFilters = () => {
  const [state, setState] = useState(initialState);

  const toggle = useCallback((filter: QuickFilter) => {
    setState((current) => ({ ...current, filters: toggleQuickFilter(current.filters, filter) }));
  }, []);

  const toggleSugar = useCallback(() => {
    setState((current) => ({ ...current, filters: toggleSugarFilter(current.filters) }));
  }, []);

  const typeSugar = useCallback((raw: string) => {
    setState((current) => {
      const filters = applySugarInput(current.filters, raw);
      if (filters === current.filters) return current;
      return { filters, sugarText: raw.trim() };
    });
  }, []);

  const filterProducts = useCallback(
    <T extends FilterableProduct>(products: readonly T[]): T[] =>
      products.filter((product) => matchesFilters(product, state.filters)),
    [state.filters],
  );

  return useMemo(
    () => ({ filters: state.filters, sugarText: state.sugarText, toggle, toggleSugar, typeSugar, filterProducts }),
    [state, toggle, toggleSugar, typeSugar, filterProducts],
  );
};

export type QuickFiltersController = ReturnType<typeof useQuickFilters>;
