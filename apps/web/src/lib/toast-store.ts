import { useSyncExternalStore } from 'react';

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

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

const setItems = (next: ToastItem[]) => {
  items = next;
  for (const listener of listeners) listener();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

const getSnapshot = () => items;

export const toast = (input: ToastInput): number => {
  const id = nextId++;
  setItems([{ ...input, id, open: true }, ...items].slice(0, TOAST_LIMIT));
  return id;
};

export const dismissToast = (id: number) => {
  setItems(items.map((item) => (item.id === id ? { ...item, open: false } : item)));
  setTimeout(() => {
    setItems(items.filter((item) => item.id !== id));
  }, REMOVE_DELAY_MS);
};

export const useToasts = () => useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
