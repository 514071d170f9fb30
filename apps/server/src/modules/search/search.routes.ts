import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  barcodeParam,
  barcodeResponse,
  errorResponse,
  searchQuery,
  searchResponse,
} from '@etiqueta/contracts';
import type { SearchService } from './search.service.ts';

const tags = ['búsqueda'];

/** Text search and barcode lookup: both start on the home page, so both are public. */
export const searchRoutes: FastifyPluginAsyncZod<{ search: SearchService }> = async (app, { search }) => {
  app.get(
    '/api/v1/search',
    {
      schema: {
        tags,
        summary: 'Buscar productos por nombre, marca, categoría o código de barras, con sugerencias',
        querystring: searchQuery,
        response: { 200: searchResponse, 400: errorResponse, 503: errorResponse },
      },
    },
    (request) => search.search(request.query.q, request.query.limit),
  );

  app.get(
    '/api/search/barcode/:code',
    {
      schema: {
        tags,
        summary: 'El producto de un código EAN-13, EAN-8 o UPC-A',
        description:
          'Un código que el catálogo no tiene se consulta en Open Food Facts, y el producto se guarda: 404 cuando ' +
          'Open Food Facts no lo tiene, 503 cuando no se pudo consultar (caído, lento o sin cupo de consultas).',
        params: barcodeParam,
        response: { 200: barcodeResponse, 400: errorResponse, 404: errorResponse, 503: errorResponse },
      },
    },
    (request) => search.findByBarcode(request.params.code),
  );
};
