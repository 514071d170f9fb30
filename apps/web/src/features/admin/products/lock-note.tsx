import type { EditableProductField } from '@etiqueta/contracts';
import { Lock, LockOpen, Undo2 } from 'lucide-react';

import { EDITABLE_FIELD_LABELS } from './product-form';

type LockNoteProps = {
  field: EditableProductField;
  locked: boolean;
  unlocking: boolean;
  onToggle: (field: EditableProductField) => void;
};

/** A field an admin edited is kept from the sync; this says so and lets the admin hand it back. */
export const LockNote = ({ field, locked, unlocking, onToggle }: LockNoteProps) => {
  if (!locked) return null;
  const label = EDITABLE_FIELD_LABELS[field];
  return (
    <span className="flex flex-wrap items-center gap-2 text-xs">
      {unlocking ? (
        <span className="inline-flex items-center gap-1 text-amber-800">
          <LockOpen aria-hidden="true" className="size-3.5" />
          Se desbloqueará al guardar
        </span>
      ) : (
        <span className="inline-flex items-center gap-1 text-stone-700">
          <Lock aria-hidden="true" className="size-3.5" />
          Bloqueado para la sincronización
        </span>
      )}
      <button
        type="button"
        onClick={() => onToggle(field)}
        aria-label={unlocking ? `No desbloquear ${label}` : `Desbloquear ${label}`}
        className="inline-flex items-center gap-1 rounded font-semibold text-brand-800 underline underline-offset-2"
      >
        {unlocking ? <Undo2 aria-hidden="true" className="size-3.5" /> : null}
        {unlocking ? 'Deshacer' : 'Desbloquear'}
      </button>
    </span>
  );
};
