import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { labelReading, nutrientFieldNames } from '@etiqueta/contracts';
import { sharedTestApp, testDatabaseKind } from '../../../test/helpers.ts';
import { multipart, signedInAs } from '../../../test/fixtures.ts';
import { repoRoot } from '../../config/env.ts';

/** Photos of the committed set (bench/label-photos): rendered Chilean labels, degraded like a phone's. */
const SET = path.join(repoRoot, 'bench/label-photos/set');
const photoOf = (id: string) => fs.readFileSync(path.join(SET, `${id}.jpg`));
const truthOf = (id: string): unknown => JSON.parse(fs.readFileSync(path.join(SET, `${id}.json`), 'utf8'));

const fold = (text: string) => text.toLocaleLowerCase('es').replace(/\s+/g, ' ').trim();
/** Share of characters right: 1 − edit distance ÷ length. */
function charactersRight(read: string, truth: string) {
  const a = fold(read);
  const b = fold(truth);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = row;
  }
  return 1 - previous[b.length]! / b.length;
}

describe(`"La etiqueta se lee sola": POST /api/contributions/read-label (${testDatabaseKind})`, () => {
  const t = sharedTestApp({ LABEL_READINGS_PER_USER_PER_DAY: '6', LABEL_READER_PROCESSES: '1', LABEL_READER_QUEUE: '0' });
  let shopper: string;
  let other: string;

  beforeAll(async () => {
    shopper = await signedInAs(t.app, t.database.db, 'ana@example.cl', 'user');
    other = await signedInAs(t.app, t.database.db, 'otro@example.cl', 'user');
  });

  const read = async (
    cookie: string | undefined,
    fields: Record<string, string>,
    photo?: { data: Buffer; type?: string; field?: string },
  ) => {
    const body = await multipart(fields, photo ? [{ field: photo.field ?? 'photo', name: 'etiqueta.jpg', data: photo.data, type: photo.type }] : []);
    return t.app.inject({
      method: 'POST',
      url: '/api/contributions/read-label',
      headers: { 'content-type': body.contentType, ...(cookie ? { cookie } : {}) },
      payload: body.payload,
    });
  };

  it('reads a photographed nutrition table: values per 100 g, the portion, boxes in the photo, nothing wrong unmarked', { timeout: 90_000 }, async () => {
    const id = 'nutrition-01';
    const truth = truthOf(id) as { per: string; portionG: number; nutrients: Record<string, number | null> };
    const photo = photoOf(id);
    const { width, height } = await sharp(photo).metadata();
    const res = await read(shopper, { part: 'nutrition' }, { data: photo });
    expect(res.statusCode, res.body).toBe(200);
    const answer = labelReading.strict().parse(res.json());
    expect(answer).toMatchObject({ part: 'nutrition', ingredients: null, per: truth.per, portionG: truth.portionG });
    expect(answer.millis).toBeGreaterThan(0);
    let exact = 0;
    for (const field of nutrientFieldNames) {
      const { value, check, box, text } = answer.nutrients[field];
      // The row as read, for the admin: it holds the value the reading gave (as printed, with its comma).
      if (value !== null && !check) expect(text?.replace(/\./g, ',')).toContain(String(value).replace('.', ','));
      const right = value === null ? truth.nutrients[field] === null : value === truth.nutrients[field];
      if (right) exact += 1;
      // A value that is not the label's is never given without a mark.
      if (!right) expect(check, `${field}: ${value} for ${truth.nutrients[field]}`).toBe(true);
      if (box) {
        const [x, y, w, h] = box;
        expect(x >= 0 && y >= 0 && x + w <= width && y + h <= height, `${field} box ${box.join(',')}`).toBe(true);
      }
    }
    expect(exact).toBeGreaterThanOrEqual(6);
  });

  it('reads a photographed ingredient list without its heading, and with boxes for no nutrient', { timeout: 90_000 }, async () => {
    const id = 'ingredients-01';
    const res = await read(shopper, { part: 'ingredients' }, { data: photoOf(id) });
    expect(res.statusCode, res.body).toBe(200);
    const answer = labelReading.strict().parse(res.json());
    expect(answer).toMatchObject({ part: 'ingredients', per: null, portionG: null });
    expect(charactersRight(answer.ingredients!, (truthOf(id) as { ingredients: string }).ingredients)).toBeGreaterThan(0.95);
    expect(answer.ingredients).not.toMatch(/^ingredientes/i);
    expect(Object.values(answer.nutrients).every((n) => n.value === null && n.box === null)).toBe(true);
    // Where the list was read, inside the photo.
    const { width, height } = await sharp(photoOf(id)).metadata();
    const [x, y, w, h] = answer.ingredientsBox!;
    expect(x >= 0 && y >= 0 && w > width / 4 && x + w <= width && y + h <= height).toBe(true);
  });

  it('says in Spanish when a photo shows no label, and what to do', { timeout: 60_000 }, async () => {
    const blank = await sharp({ create: { width: 900, height: 700, channels: 3, background: '#c8b89a' } }).jpeg().toBuffer();
    const res = await read(other, { part: 'nutrition' }, { data: blank });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'LABEL_UNREADABLE', message: expect.stringContaining('Tómala de nuevo') });
  });

  it('checks the photo as contributions do, and the form: type by content, a part named', async () => {
    const notAPhoto = await read(other, { part: 'nutrition' }, { data: Buffer.from('%PDF-1.7 no es una foto'), type: 'image/jpeg' });
    expect(notAPhoto.statusCode).toBe(415);
    expect(notAPhoto.json()).toMatchObject({ code: 'PHOTO_TYPE', message: expect.stringContaining('JPEG, PNG o WebP') });
    const noPart = await read(other, {}, { data: photoOf('nutrition-01') });
    expect(noPart.statusCode).toBe(400);
    expect(noPart.json().message).toContain("'ingredients' o 'nutrition'");
    const noPhoto = await read(other, { part: 'ingredients' });
    expect(noPhoto.statusCode).toBe(400);
    expect(noPhoto.json().message).toBe('Falta la foto de la etiqueta.');
    const notMultipart = await t.app.inject({ method: 'POST', url: '/api/contributions/read-label', headers: { cookie: other }, payload: { part: 'nutrition' } });
    expect(notMultipart.statusCode).toBe(415);
  });

  it('asks a visitor to sign in, before reading anything', async () => {
    const res = await read(undefined, { part: 'nutrition' }, { data: photoOf('nutrition-01') });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Debes iniciar sesión');
  });

  it('answers 503 at once, in Spanish, when the readers are busy and the queue is full; the photo being read is answered', { timeout: 90_000 }, async () => {
    // One OCR process and no queue (this app's settings): of two photos at once, one is read, one is refused.
    const [a, b] = await Promise.all([
      read(shopper, { part: 'ingredients' }, { data: photoOf('ingredients-02') }),
      read(other, { part: 'ingredients' }, { data: photoOf('ingredients-03') }),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([200, 503]);
    const busy = a.statusCode === 503 ? a : b;
    expect(busy.json()).toMatchObject({ code: 'LABEL_READER_BUSY', message: expect.stringContaining('Inténtalo de nuevo') });
  });

  it('limits readings per account per day (429 in Spanish), counted before the photo is read; others still read', async () => {
    const me = await signedInAs(t.app, t.database.db, 'muchas@example.cl', 'user');
    const notAPhoto = { data: Buffer.from('no es una foto'), type: 'image/jpeg' };
    for (let i = 0; i < 6; i++) expect((await read(me, { part: 'nutrition' }, notAPhoto)).statusCode).toBe(415);
    const over = await read(me, { part: 'nutrition' }, notAPhoto);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'LABEL_READING_LIMIT', message: expect.stringContaining('6 fotos') });
    // Another account is not affected.
    const someoneElse = await signedInAs(t.app, t.database.db, 'otra@example.cl', 'user');
    expect((await read(someoneElse, { part: 'nutrition' }, notAPhoto)).statusCode).toBe(415);
  });
});
