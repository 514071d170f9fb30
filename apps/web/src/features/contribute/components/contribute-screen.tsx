import { readTypedBarcode } from '@etiqueta/domain';
import {
  contributionNutrientFields,
  OFF_CONSENT_TEXT,
  type ContributionPhotoKind,
  type ContributionReadings,
  type LabelPart,
  type ReadableField,
} from '@etiqueta/contracts';
import { CircleCheck, House, LoaderCircle, Pencil, Send, TriangleAlert, Undo2 } from 'lucide-react';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';

import { Page } from '@/components/layouts/page';
import { Button, buttonClassName } from '@/components/ui/button';
import { FormField, inputClassName } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/error-message';

import { readLabel } from '../api/read-label';
import { decimal, type FieldName, type KnownProduct } from '../known-product';
import { COMPLETE_TITLE, CONTRIBUTE_TITLE } from '../titles';
import { type ContributionInput, useSendContribution } from '../api/send-contribution';
import { PhotoCrop } from '@/components/food/photo-crop';
import { PhotoPicker } from './photo-picker';
import { CONTRIBUTION_NUTRIENTS } from '@/components/food/contribution-nutrients';
import { Alert } from '@/components/ui/alert';

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
export const ContributeScreen = ({
  barcode,
  completing = false,
  known,
}: {
  barcode: string;
  completing?: boolean;
  /** Completing a product of the catalogue: what it already has, and the parts of the pack it lacks. */
  known?: KnownProduct;
}) => {
  const read = readTypedBarcode(barcode);
  if (!read.ok) {
    return (
      <Page title={completing ? COMPLETE_TITLE : CONTRIBUTE_TITLE}>
        <Alert as="div" className="mt-6 space-y-3">
          <p className="font-semibold text-red-700">El código «{barcode}» no es un código de barras válido.</p>
          <p className="text-stone-800">{read.message} Vuelve al inicio y escanéalo o escríbelo de nuevo.</p>
          <Link to="/" className={buttonClassName({ variant: 'secondary' })}>
            <House aria-hidden="true" className="size-4" />
            Volver al inicio
          </Link>
        </Alert>
      </Page>
    );
  }
  return <ContributionForm barcode={read.code} completing={completing || !!known} known={known} />;
};

type ReadState = { status: 'reading' } | { status: 'read'; found: number } | { status: 'failed'; message: string };
const FIELD_LABELS: Record<FieldName, string> = {
  name: 'Nombre del producto',
  brand: 'Marca',
  ingredients: 'Ingredientes',
  ...(Object.fromEntries(CONTRIBUTION_NUTRIENTS.map(({ field, label, unit }) => [field, `${label} (${unit})`])) as Record<
    (typeof CONTRIBUTION_NUTRIENTS)[number]['field'],
    string
  >),
};
const PART_NAMES: Record<ContributionPhotoKind, string> = {
  front: 'la foto del frente',
  ingredients: 'la lista de ingredientes',
  nutrition: 'la tabla nutricional',
};

const ContributionForm = ({ barcode, completing, known }: { barcode: string; completing: boolean; known?: KnownProduct }) => {
  const ids = { name: useId(), brand: useId(), ingredients: useId(), nutrients: useId() };
  const send = useSendContribution();
  const navigate = useNavigate();
  const [photos, setPhotos] = useState<ContributionInput['photos']>({});
  const [fields, setFields] = useState<ContributionInput['fields']>({});
  const [readings, setReadings] = useState<ContributionReadings>({});
  const [per, setPer] = useState<ContributionInput['per']>(null);
  const [offConsent, setOffConsent] = useState(false);
  /** Fields the reader asks the shopper to look at; a field leaves the set when the shopper changes it. */
  const [toCheck, setToCheck] = useState<ReadonlySet<ReadableField>>(new Set());
  const [reading, setReading] = useState<Partial<Record<LabelPart, ReadState>>>({});
  const [missingPhoto, setMissingPhoto] = useState(false);
  /** Values of the catalogue the shopper corrects, or the reader read otherwise (proposed): both sent for review. */
  const [editing, setEditing] = useState<ReadonlySet<FieldName>>(new Set());
  const [proposed, setProposed] = useState<ReadonlySet<FieldName>>(new Set());
  const has = (field: FieldName) => known?.values[field] !== undefined;
  const asked = (field: FieldName) => !has(field) || editing.has(field);
  // Only the parts the product lacks are asked; with nothing known (or nothing found missing), every part.
  const parts = known && known.missing.length > 0 ? PHOTOS.filter(({ kind }) => known.missing.includes(kind)) : PHOTOS;
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
      const proposals = new Set<FieldName>();
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
      // A value we already have is never overwritten in silence: one read otherwise is a proposed change, shown
      // beside ours for the shopper and sent for the admin's review; one read the same (or doubted) changes nothing.
      for (const field of Object.keys(filled) as FieldName[]) {
        if (!has(field) || editing.has(field)) continue;
        const same = known?.values[field] === filled[field];
        if (same || check.has(field as ReadableField)) delete filled[field];
        else proposals.add(field);
        check.delete(field as ReadableField);
      }
      for (const field of [...check]) if (has(field) && !editing.has(field)) check.delete(field);
      if (proposals.size > 0) {
        setEditing((e) => new Set([...e, ...proposals]));
        setProposed((p) => new Set([...p, ...proposals]));
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
  const enoughPhotos = completing ? parts.some(({ kind }) => photos[kind]) : !!photos.front;
  const firstKind: ContributionPhotoKind = completing ? (parts.at(-1)?.kind ?? 'nutrition') : 'front';
  const missingMessage = completing ? 'Envía al menos una foto de lo que falta.' : 'Falta la foto del frente del envase.';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!enoughPhotos) {
      setMissingPhoto(true);
      document.getElementById(`foto-${firstKind}`)?.querySelector('input')?.focus();
      return;
    }
    // Only what the catalogue lacks and what the shopper corrects (or the reader proposes) is sent.
    const sent = Object.fromEntries(Object.entries(fields).filter(([name]) => asked(name as FieldName)));
    send.mutate(
      { barcode, photos, fields: sent, per, readings, offConsent },
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
      setProposed((p) => (p.has(name) ? new Set([...p].filter((f) => f !== name)) : p));
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
  const correct = (field: FieldName) => {
    setFields((f) => ({ ...f, [field]: known?.values[field] ?? '' }));
    setEditing((e) => new Set([...e, field]));
    setTimeout(() => document.getElementById(`corregir-${field}`)?.focus());
  };
  const keep = (field: FieldName) => {
    setFields((f) => ({ ...f, [field]: undefined }));
    setEditing((e) => new Set([...e].filter((f) => f !== field)));
    setProposed((p) => new Set([...p].filter((f) => f !== field)));
  };
  const knownPer = known ? (known.isLiquid ? '100 mL' : '100 g') : null;
  const shownPer = per ?? knownPer;
  const askedNutrients = CONTRIBUTION_NUTRIENTS.filter(({ field }) => !has(field));
  const haveParts = known ? PHOTOS.filter(({ kind }) => !parts.some((p) => p.kind === kind)).map(({ kind }) => PART_NAMES[kind]) : [];

  return (
    <Page title={title}>
      <p className="mt-2 text-stone-700">
        Código <span className="font-mono font-semibold tabular-nums text-stone-900">{barcode}</span>.{' '}
        {known
          ? `Ya tenemos parte de sus datos. Toma solo la foto de ${parts.map(({ kind }) => PART_NAMES[kind]).join(' y de ')}: leemos la etiqueta por ti y te mostramos su puntaje al tiro.`
          : completing
          ? 'Toma fotos de lo que falta: leemos la etiqueta por ti y te mostramos su puntaje al tiro.'
          : 'Con tus fotos completamos la ficha y calculamos su puntaje. Nadie más las verá antes de que las revisemos.'}
      </p>
      <form noValidate onSubmit={submit} aria-label={title} className="mt-6 space-y-8">
        {known ? (
          <section aria-labelledby="lo-que-sabemos" className="space-y-3 rounded-xl bg-stone-50 p-4 ring-1 ring-stone-200">
            <h2 id="lo-que-sabemos" className="text-lg font-bold text-stone-900">
              Lo que ya sabemos
            </h2>
            <p className="text-sm text-stone-700">
              {haveParts.length > 0 ? `Ya tenemos ${haveParts.join(' y ')}. ` : ''}Si algo no coincide con el envase, corrígelo: lo
              revisamos antes de cambiarlo.
            </p>
            <ul className="divide-y divide-stone-200">
              {(Object.keys(FIELD_LABELS) as FieldName[])
                .filter(has)
                .map((field) => (
                  <li key={field} className="space-y-2 py-2">
                    {editing.has(field) ? (
                      <>
                        <FormField id={`corregir-${field}`} label={FIELD_LABELS[field]}>
                          {field === 'ingredients' ? (
                            <textarea id={`corregir-${field}`} rows={4} maxLength={10_000} className={inputClassName()} {...set(field)} />
                          ) : (
                            <input
                              id={`corregir-${field}`}
                              type="text"
                              inputMode={field === 'name' || field === 'brand' ? 'text' : 'decimal'}
                              autoComplete="off"
                              maxLength={field === 'name' ? 300 : field === 'brand' ? 200 : 10}
                              className={inputClassName()}
                              {...set(field)}
                            />
                          )}
                        </FormField>
                        <p className="text-sm text-stone-700">
                          {proposed.has(field) ? 'Tu foto dice otra cosa: proponemos este cambio. ' : ''}
                          Teníamos: <span className="font-medium">{known.values[field]}</span>. Lo revisamos antes de cambiarlo.
                        </p>
                        <Button variant="ghost" size="sm" onClick={() => keep(field)} aria-label={`Dejar como estaba: ${FIELD_LABELS[field]}`}>
                          <Undo2 aria-hidden="true" className="size-4" />
                          Dejar como estaba
                        </Button>
                        {crop(field as ReadableField, FIELD_LABELS[field])}
                      </>
                    ) : (
                      <div className="flex items-start justify-between gap-3">
                        <p className="min-w-0 text-stone-900">
                          <span className="block text-sm text-stone-600">{FIELD_LABELS[field]}</span>
                          <span className={field === 'ingredients' ? 'block text-sm' : 'font-medium tabular-nums'}>{known.values[field]}</span>
                        </p>
                        <Button variant="secondary" size="sm" onClick={() => correct(field)} aria-label={`Corregir ${FIELD_LABELS[field]}`}>
                          <Pencil aria-hidden="true" className="size-4" />
                          Corregir
                        </Button>
                      </div>
                    )}
                  </li>
                ))}
            </ul>
            {per && knownPer && per !== knownPer ? (
              <p className="text-sm font-medium text-amber-800">
                Tu foto dice «por {per === '100 mL' ? '100 ml' : '100 g'}»; teníamos «por {knownPer === '100 mL' ? '100 ml' : '100 g'}». Lo revisamos antes de cambiarlo.
              </p>
            ) : null}
          </section>
        ) : null}
        <fieldset className="space-y-3">
          <legend className="mb-3 text-lg font-bold text-stone-900">Fotos del envase</legend>
          {parts.map(({ kind, label, hint }) => (
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
          <legend className="mb-1 text-lg font-bold text-stone-900">{known ? 'Lo que falta' : 'Lo que dice la etiqueta'}</legend>
          <p className="text-sm text-stone-600">
            Lo leemos de tus fotos. Revisa lo marcado y corrige lo que no coincida con el envase.
          </p>
          {completing && !known ? null : (
            <div className="grid gap-4 sm:grid-cols-2">
              {has('name') ? null : (
                <FormField id={ids.name} label="Nombre del producto">
                  <input id={ids.name} type="text" maxLength={300} autoComplete="off" className={inputClassName()} {...set('name')} />
                </FormField>
              )}
              {has('brand') ? null : (
                <FormField id={ids.brand} label="Marca">
                  <input id={ids.brand} type="text" maxLength={200} autoComplete="off" className={inputClassName()} {...set('brand')} />
                </FormField>
              )}
            </div>
          )}
          {has('ingredients') ? null : (
            <>
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
            </>
          )}
          {askedNutrients.length === 0 ? null : (
          <fieldset>
            <legend id={ids.nutrients} className="mb-2 font-semibold text-stone-900">
              {shownPer === '100 mL' ? 'Por 100 ml' : shownPer === '100 g' ? 'Por 100 g' : 'Por 100 g o 100 ml'}
            </legend>
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {askedNutrients.map(({ field, label, unit }) => (
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
          )}
        </fieldset>

        <div className="flex items-start gap-3 rounded-xl bg-stone-50 p-4 ring-1 ring-stone-200">
          <input
            id="off-consent"
            type="checkbox"
            className="mt-1 size-5 shrink-0 accent-emerald-700"
            checked={offConsent}
            onChange={(event) => setOffConsent(event.target.checked)}
          />
          <label htmlFor="off-consent" className="text-stone-800">
            {OFF_CONSENT_TEXT}
          </label>
        </div>

        {send.isError ? (
          <Alert as="div" ref={errorRef} tabIndex={-1} className="focus:outline-none">
            <p className="font-semibold text-red-700">No pudimos enviar tu aporte</p>
            <p className="text-stone-800">{contributionError(send.error)}</p>
          </Alert>
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
