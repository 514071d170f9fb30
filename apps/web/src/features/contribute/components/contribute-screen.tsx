import { readTypedBarcode } from '@etiqueta/domain';
import type { ContributionPhotoKind } from '@etiqueta/contracts';
import { CircleCheck, House, LoaderCircle, Send } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link } from 'react-router';

import { Page } from '@/components/layouts/page';
import { Button, buttonClassName } from '@/components/ui/button';
import { FormField, inputClassName } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/error-message';

import { type ContributionInput, useSendContribution } from '../api/send-contribution';
import { PhotoPicker } from './photo-picker';
import { CONTRIBUTION_NUTRIENTS } from '@/lib/contribution-nutrients';

export const CONTRIBUTE_TITLE = 'Agregar este producto';

const PHOTOS: { kind: ContributionPhotoKind; label: string; hint: string }[] = [
  { kind: 'front', label: 'Frente del envase', hint: 'Que se lean el nombre y la marca.' },
  { kind: 'ingredients', label: 'Lista de ingredientes', hint: 'Toda la lista, enfocada y sin reflejos.' },
  { kind: 'nutrition', label: 'Tabla nutricional', hint: 'La columna «por 100 g» o «por 100 ml».' },
];


/**
 * "Agregar este producto" (issue 14): for a code nobody has, a signed-in shopper sends photos of the pack and,
 * if they like, what the label says. An admin checks it against the photos before anyone else sees it.
 */
export const ContributeScreen = ({ barcode }: { barcode: string }) => {
  const read = readTypedBarcode(barcode);
  if (!read.ok) {
    return (
      <Page title={CONTRIBUTE_TITLE}>
        <div role="alert" className="mt-6 space-y-3 rounded-xl bg-red-50 p-4 ring-1 ring-red-200">
          <p className="font-semibold text-red-700">El código «{barcode}» no es un código de barras válido.</p>
          <p className="text-stone-800">{read.message} Vuelve al inicio y escanéalo o escríbelo de nuevo.</p>
          <Link to="/" className={buttonClassName({ variant: 'secondary' })}>
            <House aria-hidden="true" className="size-4" />
            Volver al inicio
          </Link>
        </div>
      </Page>
    );
  }
  return <ContributionForm barcode={read.code} />;
};

const ContributionForm = ({ barcode }: { barcode: string }) => {
  const ids = { name: useId(), brand: useId(), ingredients: useId(), nutrients: useId() };
  const send = useSendContribution();
  const [photos, setPhotos] = useState<ContributionInput['photos']>({});
  const [fields, setFields] = useState<ContributionInput['fields']>({});
  const [missingFront, setMissingFront] = useState(false);
  const errorRef = useRef<HTMLDivElement>(null);

  if (send.isSuccess) {
    return (
      <Page title="¡Gracias por tu aporte!">
        <div role="status" className="mt-6 space-y-4 rounded-xl bg-green-50 p-5 ring-1 ring-green-200">
          <CircleCheck aria-hidden="true" className="size-10 text-green-700" />
          <p className="text-lg text-stone-900">{send.data.message}</p>
          <p className="text-stone-700">
            Código <span className="font-mono tabular-nums">{barcode}</span>. Tus fotos solo las ve el equipo que revisa;
            cuando lo aprobemos, cualquiera podrá escanearlo.
          </p>
          <Link to="/" className={buttonClassName({ className: 'w-full sm:w-auto' })}>
            <House aria-hidden="true" className="size-4" />
            Volver al inicio
          </Link>
        </div>
      </Page>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!photos.front) {
      setMissingFront(true);
      document.getElementById('foto-front')?.querySelector('input')?.focus();
      return;
    }
    send.mutate({ barcode, photos, fields }, { onError: () => setTimeout(() => errorRef.current?.focus()) });
  };
  const set = (name: keyof ContributionInput['fields']) => ({
    value: fields[name] ?? '',
    onChange: (event: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: event.target.value })),
  });

  return (
    <Page title={CONTRIBUTE_TITLE}>
      <p className="mt-2 text-stone-700">
        Código <span className="font-mono font-semibold tabular-nums text-stone-900">{barcode}</span>. Con tus fotos
        completamos la ficha y calculamos su puntaje. Nadie más las verá antes de que las revisemos.
      </p>
      <form noValidate onSubmit={submit} aria-label="Agregar este producto" className="mt-6 space-y-8">
        <fieldset className="space-y-3">
          <legend className="mb-3 text-lg font-bold text-stone-900">Fotos del envase</legend>
          {PHOTOS.map(({ kind, label, hint }) => (
            <div key={kind} id={`foto-${kind}`}>
              <PhotoPicker
                label={label}
                hint={hint}
                required={kind === 'front'}
                file={photos[kind]}
                error={kind === 'front' && missingFront && !photos.front ? 'Falta la foto del frente del envase.' : undefined}
                onChange={(file) => setPhotos((p) => ({ ...p, [kind]: file }))}
              />
            </div>
          ))}
        </fieldset>

        <fieldset className="space-y-4">
          <legend className="mb-1 text-lg font-bold text-stone-900">Lo que dice la etiqueta (opcional)</legend>
          <p className="text-sm text-stone-600">Si lo escribes, lo revisamos antes. Si no, lo leemos de tus fotos.</p>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id={ids.name} label="Nombre del producto">
              <input id={ids.name} type="text" maxLength={300} autoComplete="off" className={inputClassName()} {...set('name')} />
            </FormField>
            <FormField id={ids.brand} label="Marca">
              <input id={ids.brand} type="text" maxLength={200} autoComplete="off" className={inputClassName()} {...set('brand')} />
            </FormField>
          </div>
          <FormField id={ids.ingredients} label="Ingredientes" hint="Cópialos tal como aparecen, separados por comas.">
            <textarea
              id={ids.ingredients}
              rows={4}
              maxLength={10_000}
              aria-describedby={`${ids.ingredients}-hint`}
              className={inputClassName()}
              {...set('ingredients')}
            />
          </FormField>
          <fieldset>
            <legend id={ids.nutrients} className="mb-2 font-semibold text-stone-900">
              Por 100 g o 100 ml
            </legend>
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {CONTRIBUTION_NUTRIENTS.map(({ field, label, unit }) => (
                <FormField key={field} id={`${ids.nutrients}-${field}`} label={`${label} (${unit})`}>
                  <input
                    id={`${ids.nutrients}-${field}`}
                    type="text"
                    inputMode="decimal"
                    autoComplete="off"
                    maxLength={10}
                    className={`${inputClassName()} tabular-nums`}
                    {...set(field)}
                  />
                </FormField>
              ))}
            </div>
          </fieldset>
        </fieldset>

        {send.isError ? (
          <div ref={errorRef} tabIndex={-1} role="alert" className="rounded-xl bg-red-50 p-4 ring-1 ring-red-200 focus:outline-none">
            <p className="font-semibold text-red-700">No pudimos enviar tu aporte</p>
            <p className="text-stone-800">{contributionError(send.error)}</p>
          </div>
        ) : null}

        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={send.isPending}>
          {send.isPending ? (
            <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
          ) : (
            <Send aria-hidden="true" className="size-5" />
          )}
          {send.isPending ? 'Enviando…' : 'Enviar para revisión'}
        </Button>
      </form>
    </Page>
  );
};

/** The server's Spanish sentence; a request that never arrived is a connection problem. */
const contributionError = (error: unknown): string =>
  error instanceof TypeError ? 'Sin conexión: revisa tu internet e intenta de nuevo. Tus fotos siguen aquí.' : errorMessage(error);
