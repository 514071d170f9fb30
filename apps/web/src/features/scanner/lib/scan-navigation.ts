import type { HistoryVia } from '@etiqueta/contracts';

/**
 * The navigation state the scanner opens a product with, so the product page can tell Historial it was
 * scanned ("escaneado") rather than opened from a list or a link ("abierto").
 */
export const SCANNED_NAVIGATION_STATE = { via: 'scan' } as const satisfies { via: HistoryVia };

export const viaOfNavigationState = (state: unknown): HistoryVia =>
  typeof state === 'object' && state !== null && (state as { via?: unknown }).via === 'scan'
    ? 'scan'
    : 'open';
