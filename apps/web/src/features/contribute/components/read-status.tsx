import { CircleCheck, LoaderCircle } from 'lucide-react';

/** Where the label reader is with one photo: reading, read (how many values it found), or failed. */
export type ReadState = { status: 'reading' } | { status: 'read'; found: number } | { status: 'failed'; message: string };

/** The line under a photo saying what the label reader made of it. */
export const ReadStatus = ({ state }: { state: ReadState | undefined }) => {
  if (!state) return null;
  if (state.status === 'reading')
    return (
      <span className="flex items-center gap-2">
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
        Leyendo la etiqueta…
      </span>
    );
  if (state.status === 'failed') return <span className="font-medium text-red-700">{state.message}</span>;
  return state.found > 0 ? (
    <span className="flex items-center gap-2 text-green-800">
      <CircleCheck aria-hidden="true" className="size-4" />
      Leímos la etiqueta: revisa los datos más abajo.
    </span>
  ) : (
    <span className="font-medium text-amber-800">No pudimos leer esta foto: tómala de nuevo, de frente y con buena luz, o escribe los datos.</span>
  );
};
