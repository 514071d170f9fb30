import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api-client';

import { QueryView } from './query-view';
import { SkeletonStack } from './skeleton';

/** A real query, so the states are TanStack's own: `answer` never settles, resolves or rejects. */
const Names = ({ answer }: { answer: () => Promise<string[]> }) => (
  <QueryView
    query={useQuery({ queryKey: ['names'], queryFn: answer, retry: false })}
    errorText="No pudimos cargar los nombres"
    skeleton={<SkeletonStack count={2} height="h-8" gap="space-y-2" label="Cargando nombres" />}
  >
    {(names) => <p>{names.join(', ')}</p>}
  </QueryView>
);

const renderNames = (answer: () => Promise<string[]>) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Names answer={answer} />
    </QueryClientProvider>,
  );

describe('QueryView', () => {
  it('shows the skeleton, with its label, while the first answer is on its way', () => {
    renderNames(() => new Promise(() => {}));
    expect(screen.getByLabelText('Cargando nombres')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('renders its children with the data once loaded', async () => {
    renderNames(() => Promise.resolve(['Ana', 'Luis']));
    expect(await screen.findByText('Ana, Luis')).toBeInTheDocument();
    expect(screen.queryByLabelText('Cargando nombres')).not.toBeInTheDocument();
  });

  it('on failure, an alert says what could not be loaded and why, in Spanish', async () => {
    renderNames(() => Promise.reject(new ApiError(503, 'Service Unavailable', '')));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No pudimos cargar los nombres: El servicio no está disponible. Inténtalo de nuevo en unos minutos.',
    );
    expect(screen.queryByLabelText('Cargando nombres')).not.toBeInTheDocument();
  });
});
