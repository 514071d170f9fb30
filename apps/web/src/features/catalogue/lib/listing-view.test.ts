import { describe, expect, it } from 'vitest';

import { filterStateOf, parseListingView } from './listing-view';

const view = {
  sub2category: 'Avena',
  filters: ['sin-aditivos-riesgosos'],
  sugarEnabled: true,
  sugarMaxG: 30,
  sugarText: '30',
  sort: 'name',
  onlySuited: false,
};

describe('a kept listing view read back', () => {
  it('reads what the listing wrote, and opens the quick filters with it', () => {
    const parsed = parseListingView(JSON.parse(JSON.stringify(view)));
    expect(parsed).toEqual(view);
    const state = filterStateOf(parsed!);
    expect([...state.active]).toEqual(['sin-aditivos-riesgosos']);
    expect(state).toMatchObject({ sugarEnabled: true, sugarMaxG: 30 });
  });

  it.each([
    { story: 'an unknown filter', change: { filters: ['sin-gluten'] } },
    { story: 'sugar above 99 g', change: { sugarMaxG: 100 } },
    { story: 'sugar with decimals', change: { sugarMaxG: 2.5 } },
    { story: 'an unknown order', change: { sort: 'price' } },
    { story: 'a chip that is not text', change: { sub2category: 3 } },
    { story: 'a long sugar text', change: { sugarText: '1234' } },
  ])('refuses $story', ({ change }) => {
    expect(parseListingView({ ...view, ...change })).toBeNull();
  });

  it('a cleared chip is kept as none', () => {
    expect(parseListingView({ ...view, sub2category: null })?.sub2category).toBeNull();
  });
});
