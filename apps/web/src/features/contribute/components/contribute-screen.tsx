import { readTypedBarcode } from '@etiqueta/domain';
import {
  OFF_CONSENT_TEXT,
  type ContributionPhotoKind,
  type ContributionReadings,
  type LabelPart,
  type ReadableField,
} from '@etiqueta/contracts';
import { LoaderCircle, Send } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';

import { PhotoCrop } from '@/components/food/photo-crop';
import { Page } from '@/components/layouts/page';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

import { readLabel } from '../api/read-label';
import { type ContributionInput, useSendContribution } from '../api/send-contribution';
import { contributionError } from '../contribution-error';
import { usePhotoPreviews } from '../hooks/use-photo-previews';
import { type FieldName, type KnownProduct } from '../known-product';
import { whatTheReadingAdds } from '../label-reading';
import { COMPLETE_TITLE, CONTRIBUTE_TITLE } from '../titles';
import { KnownFields } from './known-fields';
import { LabelFields } from './label-fields';
import { PhotoPicker } from './photo-picker';
import { type ReadState, ReadStatus } from './read-status';
import { HomeLink } from '@/components/ui/back-link';

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
          <HomeLink variant="secondary" iconClassName="size-4" />
        </Alert>
      </Page>
    );
  }
  return <ContributionForm barcode={read.code} completing={completing || !!known} known={known} />;
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
  const previews = usePhotoPreviews(photos);

  const readPhoto = async (part: LabelPart, file: File) => {
    setReading((r) => ({ ...r, [part]: { status: 'reading' } }));
    try {
      const result = await readLabel(file, part);
      if (current.current[part] !== file) return;
      const { read, filled, check, proposals, per: readPer } = whatTheReadingAdds(part, result, known, editing);
      if (readPer) setPer(readPer);
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
  const crop = (name: ReadableField, label: string) => {
    const box = readings[name]?.box;
    const src = previews[name === 'ingredients' ? 'ingredients' : 'nutrition'];
    return box && src ? <PhotoCrop src={src} box={box} label={`Dónde lo leímos: ${label}`} /> : null;
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
          <KnownFields
            known={known}
            haveParts={haveParts}
            editing={editing}
            proposed={proposed}
            per={per}
            knownPer={knownPer}
            bind={set}
            onCorrect={correct}
            onKeep={keep}
            crop={crop}
          />
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
                status={kind === 'front' ? undefined : <ReadStatus state={reading[kind]} />}
                error={missingPhoto && kind === firstKind && !enoughPhotos ? missingMessage : undefined}
                onChange={(file) => choose(kind, file)}
              />
            </div>
          ))}
        </fieldset>

        <LabelFields
          known={!!known}
          askNameAndBrand={!completing || !!known}
          has={has}
          ids={ids}
          bind={set}
          crop={crop}
          toCheck={toCheck}
          readings={readings}
          per={per ?? knownPer}
        />

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
