import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';

type SortableHeaderProps<K extends string> = {
  label: string;
  sortKey: K;
  current: { key: K; direction: 'asc' | 'desc' };
  onSort: (key: K) => void;
  className?: string;
};

/** A column header that sorts on click and says how it is sorted (aria-sort). */
export const SortableHeader = <K extends string>({
  label,
  sortKey,
  current,
  onSort,
  className = '',
}: SortableHeaderProps<K>) => {
  const active = current.key === sortKey;
  const Icon = !active ? ArrowUpDown : current.direction === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      aria-sort={active ? (current.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={`px-3 py-2 text-left font-semibold ${className}`}
    >
      <button
        type="button"
        onClick={() => onSort(sortKey)}
        className="inline-flex items-center gap-1 rounded hover:text-brand-800"
      >
        {label}
        <Icon aria-hidden="true" className={`size-4 ${active ? 'text-brand-700' : 'text-stone-400'}`} />
      </button>
    </th>
  );
};
