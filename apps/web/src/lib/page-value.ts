import { useSyncExternalStore } from 'react';

export type PageValue<T> = {
  get: () => T;
  /** Replaces the value and tells every reader. */
  set: (next: T) => void;
  /** The value, re-rendering on every change. */
  use: () => T;
};

/**
 * A value this page holds in memory only (the toasts on screen, the waiting app update), read by any component.
 * One kept in localStorage across tabs is a {@link createStoredValue} (stored-value.ts).
 */
export function createPageValue<T>(initial: T): PageValue<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  const get = () => value;
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  return {
    get,
    set: (next) => {
      value = next;
      for (const listener of listeners) listener();
    },
    use: () => useSyncExternalStore(subscribe, get, () => initial),
  };
}
