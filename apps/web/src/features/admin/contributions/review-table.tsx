/** A contribution beside the catalogue: what the product has, what the label reader read, what was sent. */
import type { AdminContribution } from '@etiqueta/contracts';

import { CONTRIBUTION_NUTRIENTS } from '@/components/food/contribution-nutrients';
import { PhotoCrop } from '@/components/food/photo-crop';

const number = (value: number) => value.toLocaleString('es-CL', { maximumFractionDigits: 2 });

type Row = { field: 'ingredients' | (typeof CONTRIBUTION_NUTRIENTS)[number]['field']; label: string; unit: string | null };
const ROWS: Row[] = [{ field: 'ingredients', label: 'Ingredientes', unit: null }, ...CONTRIBUTION_NUTRIENTS];

/**
 * Field by field, side by side: what the catalogue has now, what the label reader read (its text, its mark, the
 * part of the photo it came from) and what the shopper sent after checking. Only the fields sent or read.
 */
export const ReviewTable = ({ contribution: c }: { contribution: AdminContribution }) => {
  const rows = ROWS.filter(({ field }) => c[field] !== null || c.readings[field]);
  if (rows.length === 0 && c.isLiquid === null) {
    return <p className="text-sm text-stone-600">Solo envió fotos: lee los datos en ellas al aprobar.</p>;
  }
  // A trusted publication changed the product already: what it held before is what to compare with (and what a
  // revert brings back); a field it did not change is as it is now.
  const before = c.trust ? { ...c.current, ...c.trust.before } : c.current;
  const show = (value: string | number | null | undefined, unit: string | null) =>
    value === null || value === undefined || value === '' ? '—' : typeof value === 'number' ? `${number(value)} ${unit ?? ''}`.trim() : value;
  const photoOf = (field: Row['field']) => c.photos.find((p) => p.kind === (field === 'ingredients' ? 'ingredients' : 'nutrition'));
  return (
    // Scrolls sideways on a phone: focusable, so a keyboard can scroll it too.
    <div className="overflow-x-auto rounded-lg focus-visible:ring-2 focus-visible:ring-brand-600" tabIndex={0} role="region" aria-label="Comparación de datos">
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">Lo que hay, lo que se leyó y lo que se envió</caption>
        <thead>
          <tr className="border-b border-stone-200 text-stone-700">
            <th scope="col" className="py-1 pr-3 font-semibold">Dato</th>
            <th scope="col" className="py-1 pr-3 font-semibold">{c.trust ? 'Antes' : 'Ahora'}</th>
            <th scope="col" className="py-1 pr-3 font-semibold">Leído en la foto</th>
            <th scope="col" className="py-1 font-semibold">Enviado</th>
          </tr>
        </thead>
        <tbody>
          {c.isLiquid !== null ? (
            <tr className="border-b border-stone-100 align-top">
              <th scope="row" className="py-1 pr-3 font-medium text-stone-800">Columna</th>
              <td className="py-1 pr-3">{before ? (before.isLiquid ? '100 ml' : '100 g') : '—'}</td>
              <td className="py-1 pr-3">—</td>
              <td className="py-1 font-medium">{c.isLiquid ? '100 ml' : '100 g'}</td>
            </tr>
          ) : null}
          {rows.map(({ field, label, unit }) => {
            const read = c.readings[field];
            const photo = photoOf(field);
            const changed = read && field !== 'ingredients' && read.value !== c[field];
            return (
              <tr key={field} className="border-b border-stone-100 align-top">
                <th scope="row" className="py-1 pr-3 font-medium text-stone-800">{label}</th>
                <td className="py-1 pr-3 tabular-nums">{show(before?.[field], unit)}</td>
                <td className="space-y-1 py-1 pr-3">
                  {read ? (
                    <>
                      {read.text ? <p className="max-w-xs break-words font-mono text-xs text-stone-700">{read.text}</p> : null}
                      {read.check ? (
                        <p className="text-xs font-medium text-amber-800">Marcado para revisar</p>
                      ) : null}
                      {read.box && photo ? <PhotoCrop src={photo.url} box={read.box} label={`${label} en la foto`} /> : null}
                    </>
                  ) : (
                    '—'
                  )}
                </td>
                <td className="py-1 font-medium tabular-nums text-stone-900">
                  <span className="break-words">{show(c[field], unit)}</span>
                  {changed ? <span className="block text-xs font-normal text-stone-600">Corregido por quien lo envió</span> : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
};
