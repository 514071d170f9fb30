import { useSyncExternalStore } from 'react';

export type StoredValue<T> = {
  /** The value now: the same object while storage holds the same text (useSyncExternalStore compares by identity). */
  get: () => T;
  /** Keeps `next` (the key is removed when it is `empty`) and tells every reader in this tab. */
  set: (next: T) => void;
  /** The value, re-rendering on every change: this tab's, and other tabs' or a sign-out's (the storage event). */
  use: () => T;
};

/**
 * A value this browser keeps in localStorage under one key, as JSON: parsed with `parse` (which keeps only what is
 * well formed; anything unreadable is `empty`), shared by every tab. Storage can be unavailable (private modes,
 * quotas): the value then lives in memory for this page only and nothing breaks. The compare pick and the codes
 * scanned offline are two of these.
 */
export function createStoredValue<T>({
  key,
  parse,
  empty,
  isEmpty,
}: {
  key: string;
  parse: (stored: unknown) => T;
  empty: T;
  isEmpty: (value: T) => boolean;
}): StoredValue<T> {
  let cachedText: string | null | undefined;
  let cachedValue = empty;
  /** What this page keeps while storage refuses writes. */
  let memory: { value: T } | null = null;
  const listeners = new Set<() => void>();

  const readText = (): string | null => {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  };

  const get = (): T => {
    if (memory) return memory.value;
    const text = readText();
    if (text !== cachedText) {
      cachedText = text;
      try {
        cachedValue = text === null ? empty : parse(JSON.parse(text));
      } catch {
        cachedValue = empty;
      }
    }
    return cachedValue;
  };

  const set = (next: T) => {
    try {
      if (isEmpty(next)) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, JSON.stringify(next));
      memory = null;
    } catch {
      memory = { value: next };
    }
    for (const listener of listeners) listener();
  };

  const onStorage = (event: StorageEvent) => {
    if (event.key === key || event.key === null) for (const listener of listeners) listener();
  };

  const subscribe = (listener: () => void) => {
    if (listeners.size === 0) window.addEventListener('storage', onStorage);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) window.removeEventListener('storage', onStorage);
    };
  };

  return { get, set, use: () => useSyncExternalStore(subscribe, get, () => empty) };
}
