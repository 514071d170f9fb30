import { readTypedBarcode } from '@etiqueta/domain';
import {
  contributionNutrientFields,
  type ContributionPhotoKind,
  type ContributionReadings,
  type LabelPart,
  type ReadableField,
} from '@etiqueta/contracts';
import { CircleCheck, House, LoaderCircle, Send, TriangleAlert } from 'lucide-react';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';

import { Page } from '@/components/layouts/page';
import { Button, buttonClassName } from '@/components/ui/button';
import { FormField, inputClassName } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/error-message';

import { readLabel } from '../api/read-label';
import { COMPLETE_TITLE, CONTRIBUTE_TITLE } from '../titles';
import { type ContributionInput, useSendContribution } from '../api/send-contribution';
import { PhotoCrop } from '@/components/food/photo-crop';
import { PhotoPicker } from './photo-picker';
import { CONTRIBUTION_NUTRIENTS } from '@/lib/contribution-nutrients';

export { COMPLETE_TITLE, CONTRIBUTE_TITLE };

const PHOTOS: { kind: ContributionPhotoKind; label: string; hint: string }[] = [
  { kind: 'front', label: 'Frente del envase', hint: 'Que se lean el nombre y la marca.' },
  { kind: 'ingredients', label: 'Lista de ingredientes', hint: 'Toda la lista, enfocada y sin reflejos.' },
  { kind: 'nutrition', label: 'Tabla nutricional', hint: 'La columna «por 100 g» o «por 100 ml».' },
];


/**
 * "Agregar este producto" (issue 14) and "Completar este producto" (issue 24), one form: a signed-in shopper
 * takes photos of the pack; the ingredient list and the table are read for them (read-label) and fill the form,
 * what the reader doubts marked for them to check beside the part of the photo it came from. On sending they see
 * the product scored from it at once (provisional); an admin checks it against the photos before anyone else does.
 */
export const ContributeScreen = ({ barcode, completing = false }: { barcode: string; completing?: boolean }) => {
  const read = readTypedBarcode(barcode);
  if (!read.ok) {
    return (
      <Page title={completing ? COMPLETE_TITLE : CONTRIBUTE_TITLE}>
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
  return <ContributionForm barcode={read.code} completing={completing} />;
};

type ReadState = { status: 'reading' } | { status: 'read'; found: number } | { status: 'failed'; message: string };
type FieldName = keyof ContributionInput['fields'];

/** A value as the shopper reads it on a Chilean label: a decimal comma. */
const decimal = (value: number) => String(value).replace('.', ',');

const ContributionForm = ({ barcode, completing }: { barcode: string; completing: boolean }) => {
  const ids = { name: useId(), brand: useId(), ingredients: useId(), nutrients: useId() };
  const send = useSendContribution();
  const navigate = useNavigate();
  const [photos, setPhotos] = useState<ContributionInput['photos']>({});
  const [fields, setFields] = useState<ContributionInput['fields']>({});
  const [readings, setReadings] = useState<ContributionReadings>({});
  const [per, setPer] = useState<ContributionInput['per']>(null);
  /** Fields the reader asks the shopper to look at; a field leaves the set when the shopper changes it. */
  const [toCheck, setToCheck] = useState<ReadonlySet<ReadableField>>(new Set());
  const [reading, setReading] = useState<Partial<Record<LabelPart, ReadState>>>({});
  const [missingPhoto, setMissingPhoto] = useState(false);
  const errorRef = useRef<HTMLDivElement>(null);
  /** The photo each reading belongs to: a reading that comes back for a photo since changed is dropped. */
  const current = useRef<Partial<Record<ContributionPhotoKind, File>>>({});
  const previews = usePreviews(photos);

  const readPhoto = async (part: LabelPart, file: File) => {
    setReading((r) => ({ ...r, [part]: { status: 'reading' } }));
    try {
      const result = await readLabel(file, part);
      if (current.current[part] !== file) return;
      const read: ContributionReadings = {};
      const filled: ContributionInput['fields'] = {};
      const check = new Set<ReadableField>();
      if (part === 'ingredients') {
        if (result.ingredients) {
          filled.ingredients = result.ingredients;
          read.ingredients = { value: null, text: result.ingredients, check: false, box: result.ingredientsBox };
        }
      } else {
        for (const field of contributionNutrientFields) {
          const value = result.nutrients[field];
          if (value.value === null && !value.check) continue;
          read[field] = { value: value.value, text: value.text, check: value.check, box: value.box };
          if (value.value !== null) filled[field] = decimal(value.value);
          if (value.check) check.add(field);
        }
        if (result.per) setPer(result.per);
      }
      setFields((f) => ({ ...f, ...filled }));
      setReadings((r) => ({ ...r, ...read }));
      setToCheck((c) => new Set([...[...c].filter((f) => !(f in read)), ...check]));
      setReading((r) => ({ ...r, [part]: { status: 'read', found: Object.keys(filled).length } }));
    } catch (error) {
      if (current.current[part] !== file) return;
      setReading((r) => ({ ...r, [part]: { status: 'failed', message: contributionError(error) } }));
    }
  };

  const choose = (kind: ContributionPhotoKind, file: File | undefined) => {
    current.current[kind] = file;
    setPhotos((p) => ({ ...p, [kind]: file }));
    if (kind !== 'front') {
      if (file) void readPhoto(kind, file);
      else setReading((r) => ({ ...r, [kind]: undefined }));
    }
  };

  // A code we lack needs its front (what the product is); completing one we have, a photo of what is added.
  const enoughPhotos = completing ? PHOTOS.some(({ kind }) => photos[kind]) : !!photos.front;
  const firstKind: ContributionPhotoKind = completing ? 'nutrition' : 'front';
  const missingMessage = completing ? 'Envía al menos una foto de lo que falta.' : 'Falta la foto del frente del envase.';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!enoughPhotos) {
      setMissingPhoto(true);
      document.getElementById(`foto-${firstKind}`)?.querySelector('input')?.focus();
      return;
    }
    send.mutate(
      { barcode, photos, fields, per, readings },
      {
        onSuccess: (created) => void navigate(`/contribute/sent/${created.id}`, { replace: true }),
        onError: () => setTimeout(() => errorRef.current?.focus()),
      },
    );
  };
  const set = (name: FieldName) => ({
    value: fields[name] ?? '',
    onChange: (event: { target: { value: string } }) => {
      setFields((f) => ({ ...f, [name]: event.target.value }));
      setToCheck((c) => (c.has(name as ReadableField) ? new Set([...c].filter((f) => f !== name)) : c));
    },
    'aria-describedby': toCheck.has(name as ReadableField) ? `${ids.nutrients}-${name}-check` : undefined,
  });
  const checkNote = (name: ReadableField) =>
    toCheck.has(name) ? (
      <p id={`${ids.nutrients}-${name}-check`} className="flex items-start gap-1 text-sm font-medium text-amber-800">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {readings[name]?.value === null || readings[name]?.value === undefined
          ? 'No lo pudimos leer: escríbelo mirando la etiqueta, o déjalo vacío si no aparece.'
          : 'Revísalo: no cuadra con el resto de la tabla.'}
      </p>
    ) : null;
  const crop = (name: ReadableField, label: string) => {
    const box = readings[name]?.box;
    const src = previews[name === 'ingredients' ? 'ingredients' : 'nutrition'];
    return box && src ? <PhotoCrop src={src} box={box} label={`Dónde lo leímos: ${label}`} /> : null;
  };
  const readStatus = (part: LabelPart) => {
    const state = reading[part];
    if (!state) return undefined;
    if (state.status === 'reading')
      return (
        <span className="flex items-center gap-2">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          Leyendo la etiqueta…
        </span>
      );
    if (state.status === 'failed') return <span className="font-medium text-red-700">{state.message}</span>;
    return state.found > 0 ? (
      <span className="flex items-center gap-2 text-green-800">
        <CircleCheck aria-hidden="true" className="size-4" />
        Leímos la etiqueta: revisa los datos más abajo.
      </span>
    ) : (
      <span className="font-medium text-amber-800">No pudimos leer esta foto: tómala de nuevo, de frente y con buena luz, o escribe los datos.</span>
    );
  };
  const title = completing ? COMPLETE_TITLE : CONTRIBUTE_TITLE;

  return (
    <Page title={title}>
      <p className="mt-2 text-stone-700">
        Código <span className="font-mono font-semibold tabular-nums text-stone-900">{barcode}</span>.{' '}
        {completing
          ? 'Toma fotos de lo que falta: leemos la etiqueta por ti y te mostramos su puntaje al tiro.'
          : 'Con tus fotos completamos la ficha y calculamos su puntaje. Nadie más las verá antes de que las revisemos.'}
      </p>
      <form noValidate onSubmit={submit} aria-label={title} className="mt-6 space-y-8">
        <fieldset className="space-y-3">
          <legend className="mb-3 text-lg font-bold text-stone-900">Fotos del envase</legend>
          {PHOTOS.map(({ kind, label, hint }) => (
            <div key={kind} id={`foto-${kind}`}>
              <PhotoPicker
                label={label}
                hint={hint}
                required={kind === 'front' && !completing}
                file={photos[kind]}
                status={kind === 'front' ? undefined : readStatus(kind)}
                error={missingPhoto && kind === firstKind && !enoughPhotos ? missingMessage : undefined}
                onChange={(file) => choose(kind, file)}
              />
            </div>
          ))}
        </fieldset>

        <fieldset className="space-y-4">
          <legend className="mb-1 text-lg font-bold text-stone-900">Lo que dice la etiqueta</legend>
          <p className="text-sm text-stone-600">
            Lo leemos de tus fotos. Revisa lo marcado y corrige lo que no coincida con el envase.
          </p>
          {completing ? null : (
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField id={ids.name} label="Nombre del producto">
                <input id={ids.name} type="text" maxLength={300} autoComplete="off" className={inputClassName()} {...set('name')} />
              </FormField>
              <FormField id={ids.brand} label="Marca">
                <input id={ids.brand} type="text" maxLength={200} autoComplete="off" className={inputClassName()} {...set('brand')} />
              </FormField>
            </div>
          )}
          <FormField id={ids.ingredients} label="Ingredientes" hint="Cópialos tal como aparecen, separados por comas.">
            <textarea
              id={ids.ingredients}
              rows={4}
              maxLength={10_000}
              className={inputClassName()}
              {...set('ingredients')}
              aria-describedby={`${ids.ingredients}-hint`}
            />
          </FormField>
          {crop('ingredients', 'ingredientes')}
          <fieldset>
            <legend id={ids.nutrients} className="mb-2 font-semibold text-stone-900">
              {per === '100 mL' ? 'Por 100 ml' : per === '100 g' ? 'Por 100 g' : 'Por 100 g o 100 ml'}
            </legend>
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {CONTRIBUTION_NUTRIENTS.map(({ field, label, unit }) => (
                <div key={field} className="space-y-1">
                  <FormField id={`${ids.nutrients}-${field}`} label={`${label} (${unit})`}>
                    <input
                      id={`${ids.nutrients}-${field}`}
                      type="text"
                      inputMode="decimal"
                      autoComplete="off"
                      maxLength={10}
                      className={`${inputClassName()} tabular-nums ${toCheck.has(field) ? 'border-amber-600 ring-2 ring-amber-400' : ''}`}
                      {...set(field)}
                    />
                  </FormField>
                  {checkNote(field)}
                  {crop(field, label)}
                </div>
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

/** An object URL per chosen photo, revoked when the photo changes or the form goes. */
const usePreviews = (photos: ContributionInput['photos']) => {
  const urls = useMemo(
    () => Object.fromEntries(Object.entries(photos).map(([kind, file]) => [kind, file ? URL.createObjectURL(file) : undefined])),
    [photos],
  ) as Partial<Record<ContributionPhotoKind, string>>;
  useEffect(() => () => Object.values(urls).forEach((url) => url && URL.revokeObjectURL(url)), [urls]);
  return urls;
};

/** The server's Spanish sentence; a request that never arrived is a connection problem. */
const contributionError = (error: unknown): string =>
  error instanceof TypeError ? 'Sin conexión: revisa tu internet e intenta de nuevo. Tus fotos siguen aquí.' : errorMessage(error);
