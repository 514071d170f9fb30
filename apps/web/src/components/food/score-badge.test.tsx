import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { ScoreBadge } from './score-badge';

describe('ScoreBadge', () => {
  it.each([
    { score: 9, text: '9,0/10Excelente', band: 'excelente' },
    { score: 6.95, text: '7,0/10Mejor', band: 'mejor' },
    { score: 6.2, text: '6,2/10Mediocre', band: 'mediocre' },
    { score: 2.6, text: '2,6/10Malo', band: 'malo' },
    { score: 1.5, text: '1,5/10Muy malo', band: 'muy-malo' },
    { score: null, text: 'Sin puntaje', band: 'sin-puntaje' },
  ])('score $score reads "$text"', ({ score, text, band }) => {
    render(<ScoreBadge score={score} />);
    const badge = screen.getByTestId('score-badge');
    expect(badge).toHaveTextContent(text);
    expect(badge).toHaveAttribute('data-band', band);
  });
});
