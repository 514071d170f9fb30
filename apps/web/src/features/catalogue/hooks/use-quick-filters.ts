import {
  type FilterState,
  INITIAL_FILTER_STATE,
  QUICK_FILTERS,
  type QuickFilter,
  applySugarInput,
  toggleQuickFilter,
  toggleSugarFilter,
} from '@etiqueta/domain';
import { useCallback, useMemo, useState } from 'react';

export type QuickFiltersState = { filters: FilterState; sugarText: string };

const initialState = (): QuickFiltersState => ({
  filters: INITIAL_FILTER_STATE,
  sugarText: String(INITIAL_FILTER_STATE.sugarMaxG),
});

/**
 * The listing's quick filters (spec §4, §5). Every rule is the domain's (the server applies them); this hook
 * only keeps the state and the text of the sugar box, which follows what was typed only when the domain accepted it (so '100' or '-1' are
 * ignored and the box keeps its previous text).
 */
export const useQuickFilters = (initial?: QuickFiltersState) => {
  const [state, setState] = useState(() => initial ?? initialState());

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

  // What the server filters by (the listing is filtered there, so its count is true).
  const active = useMemo(() => QUICK_FILTERS.filter((f) => state.filters.active.has(f)), [state.filters.active]);
  const sugarMaxG = state.filters.sugarEnabled ? state.filters.sugarMaxG : null;

  return useMemo(
    () => ({ filters: state.filters, sugarText: state.sugarText, active, sugarMaxG, toggle, toggleSugar, typeSugar }),
    [state, active, sugarMaxG, toggle, toggleSugar, typeSugar],
  );
};

export type QuickFiltersController = ReturnType<typeof useQuickFilters>;
