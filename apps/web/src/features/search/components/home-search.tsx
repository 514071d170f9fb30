import { LoaderCircle, Search } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

import { Button } from '@/components/ui/button';

import { MIN_SEARCH_LENGTH, searchFailedText } from '../api/search-products';

import { useHomeSearch } from '../api/home-search';
import { useSearchSuggestions } from '../api/search-suggestions';
import { Alert } from '@/components/ui/alert';

export const NO_MATCH_TEXT = 'No lo encontré, prueba variando el nombre';
export const DID_YOU_MEAN = '¿Quisiste decir?';
export const SUGGESTIONS_LABEL = 'Sugerencias';
export const suggestionsCountText = (n: number) =>
  n === 1 ? '1 sugerencia. Usa las flechas para elegirla.' : `${n} sugerencias. Usa las flechas para elegir una.`;

type HomeSearchProps = {
  /** Placed beside the search button (the barcode scan button). */
  actions?: ReactNode;
  /** What the box holds at first (the results page: the term searched). */
  initialText?: string;
};

/**
 * Spec §4, §5: the term is committed only on submit (button or Enter); with results the visitor goes
 * to /search?q=, with none the box says so and offers the close catalogue terms as chips.
 * While typing (2 characters or more, after a pause) the box proposes up to 5 products (issue 27): an ARIA
 * combobox with a listbox, arrows to move through it (aria-activedescendant: focus stays in the box), Enter
 * to open the product chosen, Escape to close it; with none chosen, Enter searches as always.
 */
export const HomeSearch = ({ actions, initialText = '' }: HomeSearchProps) => {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const shownQ = params.get('q');
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(initialText);
  const [committed, setCommitted] = useState('');
  const search = useHomeSearch(committed);
  const listId = useId();
  const [suggesting, setSuggesting] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = useSearchSuggestions(text, suggesting);
  const items = suggesting && text.trim().length >= MIN_SEARCH_LENGTH ? (suggestions.data?.items ?? []) : [];
  const listOpen = items.length > 0;
  const optionId = (i: number) => `${listId}-${i}`;
  const closeList = () => {
    setSuggesting(false);
    setActive(-1);
  };
  const open = (id: number) => {
    closeList();
    void navigate(`/product/${id}`);
  };
  const searching = search.isFetching;
  const canSearch = text.trim().length >= MIN_SEARCH_LENGTH && !searching;

  const data = search.data;
  useEffect(() => {
    // On the results page, the term already shown is not opened a second time.
    if (data && data.results.length > 0 && committed !== shownQ) void navigate(`/search?q=${encodeURIComponent(committed)}`);
  }, [data, committed, shownQ, navigate]);

  const noMatch = data && data.results.length === 0;

  return (
    <div className="w-full">
      <form
        role="search"
        aria-label="Buscar productos"
        onSubmit={(event) => {
          event.preventDefault();
          closeList();
          const term = text.trim();
          // Shorter than 2 characters is ignored without a message (spec §5).
          if (term.length < MIN_SEARCH_LENGTH || searching) return;
          if (term === committed) void search.refetch();
          else setCommitted(term);
        }}
        className="flex flex-col gap-2 sm:flex-row"
      >
        <label htmlFor={inputId} className="sr-only">
          Nombre o marca del producto
        </label>
        <div className="relative flex-1">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-stone-500"
          />
          <input
            ref={inputRef}
            id={inputId}
            type="search"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={listOpen}
            aria-controls={listId}
            aria-activedescendant={listOpen && active >= 0 ? optionId(active) : undefined}
            enterKeyHint="search"
            autoComplete="off"
            placeholder="Busca un producto o una marca"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setSuggesting(true);
              setActive(-1);
            }}
            onKeyDown={(event) => {
              if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
                if (!listOpen) return setSuggesting(true);
                event.preventDefault();
                const step = event.key === 'ArrowDown' ? 1 : -1;
                // Past either end, back to the box itself (-1).
                setActive((i) => ((i + 1 + step + items.length + 1) % (items.length + 1)) - 1);
              } else if (event.key === 'Escape' && listOpen) {
                event.preventDefault();
                closeList();
              } else if (event.key === 'Enter' && listOpen && items[active]) {
                event.preventDefault();
                open(items[active].id);
              }
            }}
            onBlur={closeList}
            className="block min-h-12 w-full rounded-xl border border-stone-300 bg-white py-2 pr-3 pl-10 text-base text-stone-900 shadow-sm placeholder:text-stone-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
          />
          <ul
            id={listId}
            role="listbox"
            aria-label={SUGGESTIONS_LABEL}
            hidden={!listOpen}
            // In the flow on a phone (the Buscar button below stays in sight), over the page beside it on wider screens.
            className="z-30 mt-1 overflow-hidden rounded-xl bg-white py-1 shadow-lg ring-1 ring-stone-200 sm:absolute sm:inset-x-0 sm:top-full"
          >
            {items.map((item, i) => (
              <li
                key={item.id}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                // Keeps the focus in the box, so the click lands before its blur closes the list.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => open(item.id)}
                className={`flex min-h-11 cursor-pointer flex-col justify-center px-3 py-1.5 text-left ${
                  i === active ? 'bg-brand-50 ring-2 ring-brand-600 ring-inset' : 'hover:bg-stone-50'
                }`}
              >
                <span className="line-clamp-2 text-sm font-medium text-stone-900">{item.name}</span>
                {item.brand ? <span className="truncate text-xs text-stone-600">{item.brand}</span> : null}
              </li>
            ))}
          </ul>
          <p role="status" className="sr-only">
            {listOpen ? suggestionsCountText(items.length) : ''}
          </p>
        </div>
        <div className="grid gap-2 sm:flex">
          <Button type="submit" size="lg" disabled={!canSearch}>
            {searching ? (
              <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
            ) : (
              <Search aria-hidden="true" className="size-5" />
            )}
            {searching ? 'Buscando...' : 'Buscar'}
          </Button>
          {actions}
        </div>
      </form>

      <div aria-live="polite" className="mt-3 empty:hidden">
        {search.isError ? (
          <Alert variant="inline">
            {searchFailedText(search.error)}
          </Alert>
        ) : null}
        {noMatch ? (
          <div className="rounded-2xl bg-amber-50 p-4 ring-1 ring-amber-200">
            <p className="font-medium text-stone-900">{NO_MATCH_TEXT}</p>
            {data.suggestions.length > 0 ? (
              <div className="mt-3">
                <p className="text-sm text-stone-700">{DID_YOU_MEAN}</p>
                <ul className="mt-2 flex flex-wrap gap-2">
                  {data.suggestions.map((suggestion) => (
                    <li key={suggestion}>
                      <button
                        type="button"
                        onClick={() => {
                          setText(suggestion);
                          inputRef.current?.focus();
                        }}
                        className="min-h-10 rounded-full bg-white px-4 text-sm font-medium text-brand-900 ring-1 ring-brand-200 hover:bg-brand-50"
                      >
                        {suggestion}
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
};
