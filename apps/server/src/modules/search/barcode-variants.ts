// The forms one product code takes on labels and scanners (UPC-A, EAN-13, GTIN-14): a lookup tries each.

/** The EAN/UPC forms of one code: UPC-A ↔ EAN-13 with a leading zero, GTIN-14 with leading zeros. */
export function barcodeVariants(code: string): string[] {
  const variants = [code];
  if (code.length === 12) variants.push(`0${code}`);
  if (code.length === 13 && code.startsWith('0')) variants.push(code.slice(1));
  if (code.length === 14 && code.startsWith('0')) {
    variants.push(code.slice(1));
    if (code.startsWith('00')) variants.push(code.slice(2));
  }
  return variants;
}

