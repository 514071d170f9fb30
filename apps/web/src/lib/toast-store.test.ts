import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { toast, useToasts } from './toast-store';

describe('toast store', () => {
  it('keeps one toast at a time: the newest replaces the current one', () => {
    const { result } = renderHook(() => useToasts());
    act(() => {
      toast({ title: 'Primero' });
      toast({ title: '¡Registro exitoso!', description: 'Te avisaremos por email.' });
    });
    expect(result.current).toHaveLength(1);
    expect(result.current[0]?.title).toBe('¡Registro exitoso!');
  });
});
