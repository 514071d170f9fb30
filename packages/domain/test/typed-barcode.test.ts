import { describe, expect, it } from 'vitest';
import {
  BARCODE_CHECK_MESSAGE,
  BARCODE_DIGITS_MESSAGE,
  BARCODE_EMPTY_MESSAGE,
  BARCODE_LENGTH_MESSAGE,
  hasValidCheckDigit,
  readTypedBarcode,
} from '../src/index.ts';

describe('a barcode typed by hand', () => {
  it.each([
    ['an EAN-13 from a Chilean pack', '7802800716340', '7802800716340'],
    ['an EAN-13 typed in its printed groups', '7 802800 716340', '7802800716340'],
    ['an EAN-13 with hyphens', '780-2800-716340', '7802800716340'],
    ['an EAN-8', '96385074', '96385074'],
    ['a UPC-A', '036000291452', '036000291452'],
  ])('%s is read', (_name, text, code) => {
    expect(readTypedBarcode(text)).toEqual({ ok: true, code });
  });

  it.each([
    ['nothing typed', '   ', BARCODE_EMPTY_MESSAGE],
    ['a letter', '78028OO716340', BARCODE_DIGITS_MESSAGE],
    ['11 digits', '78028007163', BARCODE_LENGTH_MESSAGE],
    ['14 digits (a case code, not on a pack)', '17802800716347', BARCODE_LENGTH_MESSAGE],
    ['one wrong digit', '7802800716350', BARCODE_CHECK_MESSAGE],
    ['two neighbours swapped', '7802800713640', BARCODE_CHECK_MESSAGE],
  ])('%s is refused with a Spanish hint', (_name, text, message) => {
    expect(readTypedBarcode(text)).toEqual({ ok: false, message });
  });

  it.each([
    ['EAN-13 with a wrong check digit', '4006381333932', false],
    ['EAN-13', '4006381333931', true],
    ['GTIN-14', '00012345600012', true],
    ['too short', '1234567', false],
  ])('check digit: %s', (_name, code, valid) => {
    expect(hasValidCheckDigit(code)).toBe(valid);
  });
});
