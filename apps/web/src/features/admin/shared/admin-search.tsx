import { Search } from 'lucide-react';

import { inputClassName } from '@/components/ui/form-field';

type AdminSearchProps = {
  id: string;
  /** The box's name, for screen readers (the placeholder says what it searches). */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
};

/** An admin tab's search box: a magnifier inside, its label read out only. */
export const AdminSearch = ({ id, label, placeholder, value, onChange }: AdminSearchProps) => (
  <div className="relative max-w-md">
    <label htmlFor={id} className="sr-only">
      {label}
    </label>
    <Search
      aria-hidden="true"
      className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-500"
    />
    <input
      id={id}
      type="search"
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className={`${inputClassName()} pl-9`}
    />
  </div>
);
