/**
 * The scanner dialog's first step: the camera with its states, and below it the code typed by hand, always
 * offered. Either way a valid code goes to `onCode`.
 */
import { readTypedBarcode } from '@etiqueta/domain';
import { LoaderCircle, RotateCcw } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type FormEvent, useEffect, useRef, useState } from 'react';

import { Button } from '@/components/ui/button';
import { FormField, fieldDescriptionIds, inputClassName } from '@/components/ui/form-field';

import { useBarcodeScanner } from '../hooks/use-barcode-scanner';
import { RETRY_TEXT, SCANNER_HINT, STARTING_CAMERA_TEXT, TYPED_CODE_LABEL } from './scanner-texts';

/** The camera with its states, and below it the code typed by hand, always offered. */
export const ScanPanel = ({ onCode }: { onCode: (code: string) => void }) => {
  const videoRef = useRef<HTMLVideoElement>(null);
  const { state, retry } = useBarcodeScanner(videoRef, onCode);
  const starting = state.status === 'idle' || state.status === 'starting';
  const failed = state.status === 'error';

  return (
    <>
      <div
        className={`relative w-full overflow-hidden rounded-xl bg-stone-900 ${failed ? 'hidden' : 'aspect-[4/3]'}`}
        data-scanner-status={state.status}
      >
        <video
          ref={videoRef}
          muted
          playsInline
          autoPlay
          aria-label="Vista de la cámara"
          className="size-full object-cover"
        />
        {state.status === 'scanning' ? (
          <div
            aria-hidden="true"
            data-testid="scanner-frame"
            className="pointer-events-none absolute inset-x-[12%] top-1/2 h-2/5 -translate-y-1/2 rounded-lg border-4 border-green-500 shadow-[0_0_0_9999px_rgba(0,0,0,0.25)]"
          />
        ) : null}
        {starting ? (
          <div
            role="status"
            className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-stone-900/80 text-white"
          >
            <LoaderCircle aria-hidden="true" className="size-8 animate-spin" />
            <p className="font-medium">{STARTING_CAMERA_TEXT}</p>
          </div>
        ) : null}
      </div>
      {state.status === 'error' ? (
        <div className="space-y-3 rounded-xl bg-red-50 p-4 ring-1 ring-red-200">
          <div role="alert" className="space-y-1">
            <p className="font-semibold text-red-700">{state.message}</p>
            <p className="text-sm text-stone-800">{state.advice}</p>
          </div>
          <Button variant="secondary" onClick={retry} className="w-full">
            <RotateCcw aria-hidden="true" className="size-4" />
            {RETRY_TEXT}
          </Button>
        </div>
      ) : null}
      <Dialog.Description className={`text-center text-sm text-stone-700 ${failed ? 'sr-only' : ''}`}>
        {SCANNER_HINT}
      </Dialog.Description>
      <TypedCodeForm onCode={onCode} focus={failed} />
    </>
  );
};

/** The code typed by hand, checked (EAN-13, UPC-A, EAN-8 and their check digit) before any lookup. */
const TypedCodeForm = ({ onCode, focus }: { onCode: (code: string) => void; focus: boolean }) => {
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const inputRef = useRef<HTMLInputElement>(null);
  const id = 'typed-barcode';
  const hint = 'Son los números bajo las barras: 13, 12 u 8 dígitos.';
  // Without a camera, typing is the way: the field takes the focus (and on a phone, opens the keyboard).
  useEffect(() => {
    if (focus) inputRef.current?.focus();
  }, [focus]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = readTypedBarcode(text);
    if (!read.ok) {
      setError(read.message);
      inputRef.current?.focus();
      return;
    }
    onCode(read.code);
  };

  return (
    <form onSubmit={submit} noValidate className="border-t border-stone-200 pt-4">
      <FormField id={id} label={TYPED_CODE_LABEL} hint={hint} error={error}>
        <div className="flex gap-2">
          <input
            ref={inputRef}
            id={id}
            name="barcode"
            inputMode="numeric"
            autoComplete="off"
            enterKeyHint="search"
            maxLength={20}
            placeholder="7801234567890"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setError(undefined);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={fieldDescriptionIds(id, error, hint)}
            className={`${inputClassName(!!error)} min-h-11 font-mono tabular-nums`}
          />
          <Button type="submit" variant="primary">
            Buscar
          </Button>
        </div>
      </FormField>
    </form>
  );
};
