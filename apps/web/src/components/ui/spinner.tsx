import { LoaderCircle } from 'lucide-react';

type SpinnerProps = {
  label: string;
  className?: string;
};

/** A centred spinner that announces its label to screen readers. */
export const Spinner = ({ label, className = '' }: SpinnerProps) => (
  <div
    role="status"
    aria-live="polite"
    className={`flex flex-col items-center justify-center gap-3 py-16 text-stone-600 ${className}`}
  >
    <LoaderCircle aria-hidden="true" className="size-8 animate-spin text-brand-700" />
    <p className="text-sm font-medium">{label}</p>
  </div>
);
