import { describe, expect, it } from 'vitest';
import { apiPaths } from './api-paths.ts';
import { normalizeImages } from './product-images.ts';

describe('image normalisation (spec §3)', () => {
  it.each([
    [
      'comma-separated string',
      'https://a/1.jpg, https://a/2.jpg',
      {
        primary: 'https://a/1.jpg',
        thumbnail: 'https://a/1.jpg',
        gallery: ['https://a/1.jpg', 'https://a/2.jpg'],
      },
    ],
    [
      'svg placeholders are ignored',
      '/images/placeholder.svg, https://a/1.svg?v=2, http://a/3.png',
      { primary: 'http://a/3.png', thumbnail: 'http://a/3.png', gallery: ['http://a/3.png'] },
    ],
    [
      'non-http values are ignored',
      'data:image/png;base64,AAA, /local.jpg',
      { primary: null, thumbnail: null, gallery: [] },
    ],
    [
      'object form',
      { primary: 'https://a/p.jpg', thumbnail: 'https://a/t.jpg', gallery: ['https://a/g.jpg', 'nope'] },
      {
        primary: 'https://a/p.jpg',
        thumbnail: 'https://a/t.jpg',
        gallery: ['https://a/p.jpg', 'https://a/g.jpg'],
      },
    ],
    [
      'object with an svg primary falls back to the gallery',
      { primary: 'https://a/p.svg', gallery: ['https://a/g.jpg'] },
      { primary: 'https://a/g.jpg', thumbnail: 'https://a/g.jpg', gallery: ['https://a/g.jpg'] },
    ],
    [
      'a contributed photo on our own origin counts; another relative path does not',
      { primary: apiPaths.contributionPhoto('0b7e.jpg'), gallery: ['/otra/foto.jpg', `${apiPaths.contributionPhoto('')}../x`] },
      {
        primary: '/api/contributions/photos/0b7e.jpg',
        thumbnail: '/api/contributions/photos/0b7e.jpg',
        gallery: ['/api/contributions/photos/0b7e.jpg'],
      },
    ],
    ['null', null, { primary: null, thumbnail: null, gallery: [] }],
  ])('%s', (_name, input, expected) => {
    expect(normalizeImages(input)).toEqual(expected);
  });
});
