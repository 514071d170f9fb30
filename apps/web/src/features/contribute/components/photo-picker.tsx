import { CONTRIBUTION_PHOTO_MAX_BYTES, CONTRIBUTION_PHOTO_TYPES } from '@etiqueta/contracts';
import { ImagePlus, Trash2 } from 'lucide-react';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';

import { Button, buttonClassName } from '@/components/ui/button';
import { formatDecimal } from '@/lib/format';
import { Alert } from '@/components/ui/alert';

type PhotoPickerProps = {
  label: string;
  hint: string;
  required?: boolean;
  file: File | undefined;
  onChange: (file: File | undefined) => void;
  /** A message from the form (e.g. the required front photo is missing). */
  error?: string;
  /** What happened to the photo since (e.g. the label being read), announced politely. */
  status?: ReactNode;
};

/** The same checks the server makes, told before a slow upload: the type the browser reports and the size. */
export const photoProblem = (file: File): string | null => {
  if (!(CONTRIBUTION_PHOTO_TYPES as readonly string[]).includes(file.type)) {
    return 'Esa imagen no es JPEG, PNG ni WebP. Toma la foto con la cámara o elige otra.';
  }
  if (file.size > CONTRIBUTION_PHOTO_MAX_BYTES) {
    return `La foto pesa ${formatDecimal(file.size / 1024 / 1024)} MB; el máximo es 8 MB. Elige una más liviana.`;
  }
  return null;
};

/**
 * One photo of the pack: a real file input (the phone offers its camera or its gallery), a preview of the
 * chosen photo, and the way to change or remove it. Keyboard: the input itself takes the focus.
 */
export const PhotoPicker = ({ label, hint, required = false, file, onChange, error, status }: PhotoPickerProps) => {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string>();
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const message = problem ?? error;

  return (
    <div className={`flex flex-col gap-2 rounded-xl border p-3 ${message ? 'border-red-600' : 'border-stone-200'}`}>
      <div className="flex items-center gap-3">
        <div className="grid size-20 shrink-0 place-items-center overflow-hidden rounded-lg bg-stone-100">
          {preview ? (
            <img src={preview} alt={`Vista previa: ${label}`} className="size-full object-cover" />
          ) : (
            <ImagePlus aria-hidden="true" className="size-8 text-stone-400" />
          )}
        </div>
        <div className="min-w-0 space-y-1">
          <label htmlFor={id} className="block font-semibold text-stone-900">
            {label}
            {required ? <span className="font-normal text-stone-600"> (obligatoria)</span> : null}
          </label>
          <p id={`${id}-hint`} className="text-sm text-stone-600">
            {hint}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept={CONTRIBUTION_PHOTO_TYPES.join(',')}
          // On a phone the camera opens straight away: the shopper is in the aisle with the pack in hand.
          capture="environment"
          aria-required={required || undefined}
          aria-invalid={message ? true : undefined}
          aria-describedby={[`${id}-hint`, message ? `${id}-error` : null].filter(Boolean).join(' ')}
          className="peer sr-only"
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            event.target.value = '';
            if (!chosen) return;
            const trouble = photoProblem(chosen);
            setProblem(trouble ?? undefined);
            if (!trouble) onChange(chosen);
          }}
        />
        <span
          aria-hidden="true"
          onClick={() => inputRef.current?.click()}
          className={`${buttonClassName({ variant: 'secondary', size: 'sm' })} cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600`}
        >
          <ImagePlus className="size-4" />
          {file ? 'Cambiar foto' : 'Tomar o elegir foto'}
        </span>
        {file ? (
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Quitar ${label.toLowerCase()}`}
            onClick={() => {
              setProblem(undefined);
              onChange(undefined);
            }}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            Quitar
          </Button>
        ) : null}
      </div>
      {status ? (
        <div role="status" className="text-sm text-stone-700">
          {status}
        </div>
      ) : null}
      {message ? (
        <Alert variant="inline" id={`${id}-error`}>
          {message}
        </Alert>
      ) : null}
    </div>
  );
};
