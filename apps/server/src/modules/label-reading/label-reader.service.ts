/**
 * "La etiqueta se lee sola" (issue 24): one photo of the ingredient list or of the nutrition table in, what it says
 * out — the list's text, or the table's values per 100 g/mL each with its check mark and where in the photo it was
 * read. The photo is checked as a contribution's is (ADR 013: by content, at most 8 MB, turned upright, at most
 * 2000 px), read in the OCR pool (never on the event loop), and nothing of it is kept.
 */
import { nutrientFieldNames, type LabelNutrient, type LabelPart, type LabelReading, type NutrientField } from '@etiqueta/contracts';
import { AppError } from '../../lib/errors.ts';
import { reencodePhoto } from '../contributions/photo-store.ts';
import { createOcrPool, OcrBusyError, type OcrPoolOptions, type OcrResult } from './ocr-pool.ts';
import type { Box } from './preprocess.ts';

export const readerBusy = () =>
  new AppError(503, 'LABEL_READER_BUSY', 'Estamos leyendo muchas etiquetas en este momento. Inténtalo de nuevo en unos segundos o escribe los datos tú.');
const readerFailed = () =>
  new AppError(503, 'LABEL_READER_FAILED', 'No alcanzamos a leer esta foto. Inténtalo de nuevo en unos segundos o escribe los datos tú.');
const unreadable = (part: LabelPart) =>
  new AppError(
    422,
    'LABEL_UNREADABLE',
    part === 'ingredients'
      ? 'No encontramos la lista de ingredientes en esta foto. Tómala de nuevo de cerca, con buena luz y sin reflejos, o escríbela tú.'
      : 'No encontramos la tabla nutricional en esta foto. Tómala de nuevo de cerca, con buena luz y sin reflejos, o escribe los valores tú.',
  );

const blankNutrients = (): Record<NutrientField, LabelNutrient> =>
  Object.fromEntries(nutrientFieldNames.map((f) => [f, { value: null, check: false, box: null, text: null }])) as Record<NutrientField, LabelNutrient>;

/** Nutrient rows a photo must show to be a nutrition table at all. */
const MIN_ROWS = 2;

export function createLabelReader(options: OcrPoolOptions) {
  const pool = createOcrPool(options);

  async function ocr(photo: Uint8Array, part: LabelPart): Promise<OcrResult> {
    try {
      return await pool.read(photo, part);
    } catch (error) {
      throw error instanceof OcrBusyError ? readerBusy() : readerFailed();
    }
  }

  return {
    pool,
    /** Reads one photo; `receivedAt` is when its first byte arrived (performance.now()), for `millis`. */
    async read(input: Buffer, part: LabelPart, receivedAt: number): Promise<LabelReading> {
      // The contributions' own check: type by content, size, decodable, upright, at most 2000 px (ADR 013).
      const upright = await reencodePhoto(input);
      const { width: photoWidth, height: photoHeight } = upright.source;
      const scale = photoWidth / upright.width;
      const toPhoto = ([x, y, w, h]: Box): [number, number, number, number] => [
        Math.round(x * scale),
        Math.round(y * scale),
        Math.min(Math.round(w * scale), photoWidth),
        Math.min(Math.round(h * scale), photoHeight),
      ];

      const { reading } = await ocr(upright.data, part);
      const millis = Math.round(performance.now() - receivedAt);
      if (part === 'ingredients') {
        if (!reading.ingredients) throw unreadable(part);
        return {
          part,
          ingredients: reading.ingredients,
          ingredientsBox: reading.ingredientsBox ? toPhoto(reading.ingredientsBox) : null,
          per: null,
          portionG: null,
          nutrients: blankNutrients(),
          millis,
        };
      }
      if (reading.rowsFound < MIN_ROWS || !reading.nutrients) throw unreadable(part);
      const nutrients = Object.fromEntries(
        nutrientFieldNames.map((f) => {
          const n = reading.nutrients![f];
          return [f, { ...n, box: n.box ? toPhoto(n.box) : null }];
        }),
      ) as Record<NutrientField, LabelNutrient>;
      return { part, ingredients: null, ingredientsBox: null, per: reading.per, portionG: reading.portionG, nutrients, millis };
    },
    close: () => pool.close(),
  };
}
export type LabelReader = ReturnType<typeof createLabelReader>;
