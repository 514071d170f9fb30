import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';

import { LANDING_SECTIONS } from '@/config/sections';
import { authStatusQueryOptions } from '@/features/auth/api/get-auth-status';
import { productQueryOptions } from '@/features/product/api/get-product';

import { GatedLayout } from './gated-layout';
import { RootLayout } from './root-layout';
import { HomeRoute } from './routes/home';
import { RouteError } from './routes/route-error';

/*
 * The route table of spec §2. Home is in the main bundle (it is where most visits start);
 * every other screen is its own chunk, so admin and the scanner never weigh on the home page.
 * Members' pages start their reads as the address is matched (loaders that only prefetch into the query
 * cache and never wait), so the access check, the page's code and the product arrive together instead of
 * one after the other (issue 14: the score on screen within 1.2 s on a slow phone).
 */

const productListing = () =>
  import('./routes/product-listing').then((m) => ({ Component: m.ProductListingRoute }));
const landing = () => import('./routes/landing').then((m) => ({ Component: m.LandingRoute }));

export const createRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    path: '/',
    Component: RootLayout,
    errorElement: <RouteError />,
    HydrateFallback: () => null,
    children: [
      {
        // A screen that fails (its code could not be downloaded, or it threw) is shown inside the layout, with
        // the header and footer still there; only a failure of the layout itself replaces everything.
        errorElement: <RouteError />,
        children: [
          { index: true, Component: HomeRoute },
          { path: 'login', lazy: () => import('./routes/login').then((m) => ({ Component: m.LoginRoute })) },
          {
            path: 'privacidad',
            lazy: () => import('./routes/privacy').then((m) => ({ Component: m.PrivacyRoute })),
          },
          {
            // Outside the access gate (issue 28, docs/spec-departures.md): preferences live on the phone, so
            // anyone can set them, signed in or not.
            path: 'para-ti',
            lazy: () => import('./routes/para-ti').then((m) => ({ Component: m.ParaTiRoute })),
          },
          {
            path: 'contact',
            lazy: () => import('./routes/contact').then((m) => ({ Component: m.ContactRoute })),
          },
          {
            Component: GatedLayout,
            loader: () => {
              void queryClient.prefetchQuery(authStatusQueryOptions());
              return null;
            },
            children: [
              {
                path: 'search',
                lazy: () => import('./routes/search').then((m) => ({ Component: m.SearchRoute })),
              },
              {
                path: 'cuenta',
                lazy: () => import('./routes/account').then((m) => ({ Component: m.AccountRoute })),
              },
              {
                path: 'historial',
                lazy: () => import('./routes/history').then((m) => ({ Component: m.HistoryRoute })),
              },
              {
                path: 'admin',
                lazy: () => import('./routes/admin/admin').then((m) => ({ Component: m.AdminRoute })),
              },
              {
                path: 'admin/data-lake',
                lazy: () => import('./routes/admin/data-lake').then((m) => ({ Component: m.DataLakeRoute })),
              },
              {
                path: 'product/:id',
                loader: ({ params }) => {
                  // Only an address that can be a product (the route shows the 404 screen for the rest).
                  if (/^\d{1,12}$/.test(params.id ?? '')) void queryClient.prefetchQuery(productQueryOptions(params.id!));
                  return null;
                },
                lazy: () => import('./routes/product').then((m) => ({ Component: m.ProductRoute })),
              },
              {
                path: 'product/:id/additives',
                lazy: () =>
                  import('./routes/product-additives').then((m) => ({ Component: m.ProductAdditivesRoute })),
              },
              {
                path: 'product/:id/ultraprocessed',
                lazy: () =>
                  import('./routes/product-ultraprocessed').then((m) => ({
                    Component: m.ProductUltraprocessedRoute,
                  })),
              },
              {
                // No loader: reading the ids would put the comparison's code in the home page's bundle. The
                // screen asks for its products in parallel as soon as its chunk arrives.
                path: 'comparar',
                lazy: () => import('./routes/compare').then((m) => ({ Component: m.CompareRoute })),
              },
              {
                path: 'contribute/sent/:id',
                lazy: () => import('./routes/contribute').then((m) => ({ Component: m.ProvisionalRoute })),
              },
              {
                path: 'contribute/:barcode',
                lazy: () => import('./routes/contribute').then((m) => ({ Component: m.ContributeRoute })),
              },
              {
                path: 'category/:categorySlug',
                lazy: () => import('./routes/category').then((m) => ({ Component: m.CategoryRoute })),
              },
              { path: 'category/:categorySlug/products', lazy: productListing },
              { path: 'category/:categorySlug/subcategory/:subcategorySlug', lazy: productListing },
              { path: 'subcategory/:subcategorySlug', lazy: productListing },
              ...LANDING_SECTIONS.flatMap(({ slug }): RouteObject[] => [
                { path: slug, lazy: landing },
                { path: `${slug}/:subcategorySlug`, lazy: productListing },
              ]),
              // Least specific of all: React Router ranks every static segment above it.
              { path: ':categorySlug/:subcategorySlug', lazy: productListing },
            ],
          },
          { path: '*', lazy: () => import('./routes/not-found').then((m) => ({ Component: m.NotFoundRoute })) },
        ],
      },
    ],
  },
];
