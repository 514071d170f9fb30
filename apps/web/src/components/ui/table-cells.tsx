import type { ReactNode } from 'react';

import { Skeleton } from './skeleton';

/** A column heading of the admin tables; `actions` is the right-hand column named only for screen readers. */
export const HeaderCell = ({ children, actions = false }: { children?: ReactNode; actions?: boolean }) => (
  <th scope="col" className={`px-3 py-2 font-semibold ${actions ? 'text-right' : 'text-left'}`}>
    {actions ? <span className="sr-only">Acciones</span> : children}
  </th>
);

/** Table rows of grey blocks while the rows are on their way. */
export const SkeletonRows = ({ rows, columns }: { rows: number; columns: number }) =>
  Array.from({ length: rows }, (_, i) => (
    <tr key={i}>
      {Array.from({ length: columns }, (__, j) => (
        <td key={j} className="px-3 py-3">
          <Skeleton className="h-4 w-full" />
        </td>
      ))}
    </tr>
  ));
