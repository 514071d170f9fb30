/**
 * A barcode a shopper types by hand (the scanner's fallback): EAN-13, EAN-8 or UPC-A, the codes printed on
 * supermarket packs. Spaces and hyphens are ignored (people copy the groups printed under the bars). The last
 * digit is a GS1 check digit, so most typing slips (one wrong digit, most swaps of neighbours) are caught here,
 * before a lookup that would only answer "not found".
 */

export const TYPED_BARCODE_LENGTHS = [8, 12, 13] as const;

export type TypedBarcode = { ok: true; code: string } | { ok: false; message: string };

export const BARCODE_EMPTY_MESSAGE = 'Escribe los números que aparecen bajo las barras.';
export const BARCODE_DIGITS_MESSAGE = 'El código de barras solo tiene números.';
export const BARCODE_LENGTH_MESSAGE = 'El código debe tener 13, 12 u 8 números (EAN-13, UPC-A o EAN-8).';
export const BARCODE_CHECK_MESSAGE = 'Revisa los números: ese código no existe (el último no cuadra con los demás).';

/**
 * The GS1 check digit of a code's other digits: from the right, digits are weighted 3, 1, 3, 1…, and the check
 * digit brings the sum to a multiple of 10. The same rule serves EAN-8, UPC-A and EAN-13.
 */
export function gs1CheckDigit(body: string): number {
  const sum = [...body].reverse().reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10;
}

/** Whether a code's last digit is the GS1 check digit of the others. */
export function hasValidCheckDigit(code: string): boolean {
  return /^\d{8,14}$/.test(code) && gs1CheckDigit(code.slice(0, -1)) === Number(code.at(-1));
}

/** A code from all its digits but the last, the check digit appended (an EAN-13 from its first 12 digits). */
export const withCheckDigit = (body: string): string => `${body}${gs1CheckDigit(body)}`;

export function readTypedBarcode(text: string): TypedBarcode {
  const code = text.replace(/[\s-]/g, '');
  if (code === '') return { ok: false, message: BARCODE_EMPTY_MESSAGE };
  if (!/^\d+$/.test(code)) return { ok: false, message: BARCODE_DIGITS_MESSAGE };
  if (!(TYPED_BARCODE_LENGTHS as readonly number[]).includes(code.length)) {
    return { ok: false, message: BARCODE_LENGTH_MESSAGE };
  }
  if (!hasValidCheckDigit(code)) return { ok: false, message: BARCODE_CHECK_MESSAGE };
  return { ok: true, code };
}
