import { useState } from 'react';

/** What a {@link ConfirmDialog} asks about: open while it holds a subject (a row, an email; `true` when there is only one thing). */
export type Confirm<T> = {
  subject: T | null;
  /** Opens the dialog about this subject. */
  ask: (subject: T) => void;
  /** Closes it: cancelled, or done. */
  close: () => void;
};

/** The state of one {@link ConfirmDialog}: which thing is being confirmed, if any. */
export const useConfirm = <T = true>(): Confirm<T> => {
  const [subject, setSubject] = useState<T | null>(null);
  return { subject, ask: (next) => setSubject(() => next), close: () => setSubject(null) };
};
