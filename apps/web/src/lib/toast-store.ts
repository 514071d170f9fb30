import { createPageValue } from './page-value';

export type ToastVariant = 'default' | 'destructive';

export type ToastInput = {
  title: string;
  description?: string;
  variant?: ToastVariant;
};

export type ToastItem = ToastInput & { id: number; open: boolean };

/** Spec §9: one toast visible at a time; a new one replaces the current one. */
const TOAST_LIMIT = 1;
/** Long enough for Radix's closing animation before the toast leaves the list. */
const REMOVE_DELAY_MS = 300;

const items = createPageValue<ToastItem[]>([]);
let nextId = 1;

export const toast = (input: ToastInput): number => {
  const id = nextId++;
  items.set([{ ...input, id, open: true }, ...items.get()].slice(0, TOAST_LIMIT));
  return id;
};

export const dismissToast = (id: number) => {
  items.set(items.get().map((item) => (item.id === id ? { ...item, open: false } : item)));
  setTimeout(() => {
    items.set(items.get().filter((item) => item.id !== id));
  }, REMOVE_DELAY_MS);
};

export const useToasts = () => items.use();
