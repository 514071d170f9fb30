import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

import { clearPreferences, PREFERENCES_STORAGE_KEY, readPreferences } from '@/lib/preferences';
import { renderApp, signedOut, stubFetch } from '@/testing/render-app';

afterEach(() => clearPreferences());

describe('/para-ti', () => {
  it('works signed out: allergens, diets and a named additive are kept on the phone, nothing is sent, and "Borrar mis preferencias" removes them', async () => {
    const user = userEvent.setup();
    const fetch = stubFetch({ '/api/auth/status': { body: signedOut } });
    renderApp('/para-ti');
    expect(await screen.findByRole('heading', { level: 1, name: 'Para ti' }, { timeout: 5000 })).toBeInTheDocument();

    await user.click(within(screen.getByTestId('allergen-leche')).getByRole('radio', { name: 'Evitar' }));
    await user.click(within(screen.getByTestId('allergen-mani')).getByRole('radio', { name: 'Evitar también trazas' }));
    expect(within(screen.getByTestId('allergen-sesamo')).getByText('no siempre declarado en Chile')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Sin gluten' }));
    await user.type(screen.getByLabelText('Ingrediente o aditivo'), 'e621');
    await user.click(screen.getByRole('button', { name: 'Evitar' }));
    await waitFor(() =>
      expect(readPreferences()).toEqual({
        allergens: { leche: 'evitar', mani: 'trazas' },
        diets: ['gluten'],
        avoid: [{ kind: 'aditivo', code: 'E621', name: 'Glutamato monosódico' }],
      }),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Evitarás Glutamato monosódico.');
    // Only the page's own reads went out: nothing carries the preferences.
    for (const [url, init] of fetch.mock.calls) {
      const body = typeof init?.body === 'string' ? init.body : '';
      expect(`${url as string} ${body}`).not.toMatch(/leche|mani|gluten|E621|evitar|trazas/i);
    }

    await user.click(screen.getByRole('button', { name: 'Borrar mis preferencias' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Borrar' }));
    await waitFor(() => expect(window.localStorage.getItem(PREFERENCES_STORAGE_KEY)).toBeNull());
    expect(within(screen.getByTestId('allergen-leche')).getByRole('radio', { name: 'No evito' })).toBeChecked();
  });
});
