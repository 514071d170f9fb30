/** A contribution's photos, each opening full size in a new tab (to read the small print). */
import type { AdminContribution } from '@etiqueta/contracts';

const PHOTO_LABELS = { front: 'Frente', ingredients: 'Ingredientes', nutrition: 'Tabla nutricional' } as const;

export const PhotoStrip = ({ contribution: c }: { contribution: AdminContribution }) => (
  <ul aria-label="Fotos" className="flex flex-wrap gap-3">
    {c.photos.map((photo) => (
      <li key={photo.url}>
        <a href={photo.url} target="_blank" rel="noreferrer" className="block rounded-lg focus-visible:ring-2 focus-visible:ring-brand-600">
          <img
            src={photo.url}
            alt={`Foto: ${PHOTO_LABELS[photo.kind]}`}
            width={photo.width}
            height={photo.height}
            loading="lazy"
            className="h-32 w-auto max-w-[9rem] rounded-lg border border-stone-200 object-cover"
          />
          <span aria-hidden="true" className="mt-1 block text-xs text-stone-700">{PHOTO_LABELS[photo.kind]}</span>
        </a>
      </li>
    ))}
  </ul>
);
