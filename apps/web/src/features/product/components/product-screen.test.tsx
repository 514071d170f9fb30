import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import { writeListingFilter } from '@/lib/listing-filter-storage';
import { renderApp, signedIn, stubFetch } from '@/testing/render-app';

import { productFixture, undeclaredConcentrateList, wholesomeProductFixture } from '@/testing/product-fixture';

const openProduct = (product: unknown, id = 6315, status = 200) => {
  const fetchMock = stubFetch({
    '/api/auth/status': { body: signedIn },
    [`/api/products/${id}`]: { status, body: product },
  });
  const view = renderApp(`/product/${id}`);
  return { ...view, fetchMock };
};

// The route modules are lazy chunks; load them once up front so no test spends its wait on the transform.
beforeAll(async () => {
  await Promise.all([
    import('@/app/routes/product'),
    import('@/app/routes/product-additives'),
    import('@/app/routes/product-ultraprocessed'),
  ]);
}, 30_000);

afterEach(() => {
  window.sessionStorage.clear();
});

describe('the product page', () => {
  it('shows a skeleton, then name, brand, score and label, seals, ingredients, both groups and the reasons', async () => {
    let release: (answer: { body: unknown }) => void = () => {};
    stubFetch({
      '/api/auth/status': { body: signedIn },
      '/api/products/6315': () => new Promise((resolve) => (release = resolve)),
    });
    renderApp('/product/6315');
    expect(await screen.findByTestId('product-skeleton')).toHaveTextContent('Cargando producto...');
    release({ body: productFixture() });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Galletas gofres rellenas de caramelo' }),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('product-skeleton')).not.toBeInTheDocument();
    expect(screen.getByText('Hacendado')).toBeInTheDocument();
    expect(screen.getByTestId('product-score')).toHaveTextContent('1,5/10Muy malo');
    const highlights = within(screen.getByRole('list', { name: 'Lo más importante' }));
    expect(highlights.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Mucha azúcar: 37,2 g por 100 g',
      'Muchas grasas saturadas: 12,6 g por 100 g',
      'Muchas calorías: 457 kcal por 100 g',
    ]);
    expect(screen.getByTestId('label-facts')).toHaveTextContent(
      'Nutri-Score E · Muy baja calidad nutricional',
    );
    expect(screen.getByTestId('label-facts')).toHaveTextContent('NOVA 4 · Ultraprocesado');
    expect(screen.getByRole('img', { name: 'Foto de Galletas gofres rellenas de caramelo' })).toHaveAttribute(
      'src',
      expect.stringContaining('front_es.16.400.jpg'),
    );
    // Nothing is missing: nothing to complete.
    expect(screen.queryByRole('link', { name: 'Completar este producto' })).not.toBeInTheDocument();

    const seals = within(screen.getByRole('list', { name: 'Sellos de advertencia' }));
    expect(seals.getAllByRole('listitem').map((seal) => seal.textContent)).toEqual([
      'ALTO ENCALORÍASMinisterio de Salud',
      'ALTO ENAZÚCARESMinisterio de Salud',
      'ALTO ENGRASAS SATURADASMinisterio de Salud',
    ]);

    const negative = within(screen.getByRole('region', { name: 'Negativo' }));
    expect(negative.getByRole('button', { name: /Aditivos\s*2/ })).toBeInTheDocument();
    expect(negative.getByRole('button', { name: /Otros sospechosos\s*3/ })).toBeInTheDocument();
    expect(negative.getByRole('button', { name: /Calorías.*457 kcal.*Alto/ })).toBeInTheDocument();
    expect(negative.getByRole('button', { name: /Azúcares.*37,2 g.*Muy alto/ })).toBeInTheDocument();
    expect(negative.getByRole('button', { name: /Grasas saturadas.*12,6 g.*Muy alto/ })).toBeInTheDocument();

    const positive = within(screen.getByRole('region', { name: 'Positivo' }));
    // Sodium in mg as the label and its seal print it, 0,65 g of salt (× 2.5) beside it: the moderate band, no
    // seal, so on the good side.
    expect(positive.getByRole('button', { name: /Sodio.*260 mg.*sal 0,65 g.*Moderado/ })).toBeInTheDocument();
    expect(positive.queryByRole('button', { name: /Proteínas/ })).not.toBeInTheDocument();
    expect(positive.queryByRole('button', { name: /Ecológico/ })).not.toBeInTheDocument();

    const reasons = within(screen.getByRole('region', { name: '¿Por qué este puntaje?' }));
    expect(reasons.getByTestId('reason-section-nutrition')).toHaveTextContent(/^Nutrición0,0 de 6/);
    expect(reasons.getByText('Mucha azúcar: 37,2 g por 100 g')).toBeInTheDocument();
    expect(reasons.getByText('\u22122,2')).toBeInTheDocument();
    expect(reasons.getByTestId('reason-section-ingredients')).toHaveTextContent(
      /^Aditivos e ingredientes\+1,5 de 3.*2 aditivos sin riesgo conocido\u22120,4.*3 ingredientes ultraprocesados: jarabe de glucosa, fructosa añadida, saborizante o aroma\u22121,1/,
    );
    expect(reasons.queryByText(/Base nutricional|mínimo 0,0|sin aditivos ni sospechosos/)).toBeNull();
    expect(reasons.getByTestId('score-sum')).toHaveTextContent('Puntaje (0,0 + 1,5)1,5/10');

    expect(screen.getByTestId('community-chat-link')).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('button', { name: 'Reportar un error' })).toBeInTheDocument();
  });

  it('shows the ingredient count in red past 6 ingredients with additives, and toggles the plain list', async () => {
    const user = userEvent.setup();
    openProduct(productFixture());
    const count = await screen.findByTestId('ingredient-count');
    expect(count).toHaveTextContent('15 ingredientes');
    expect(count).toHaveClass('text-red-700');
    expect(screen.getByTestId('ingredient-list')).not.toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Ver ingredientes' }));
    const list = screen.getByTestId('ingredient-list');
    expect(list).toBeVisible();
    expect(within(list).getAllByRole('listitem')[2]).toHaveTextContent('23% mantequilla (leche)');
    await user.click(screen.getByRole('button', { name: 'Ocultar ingredientes' }));
    expect(list).not.toBeVisible();
  });

  it('opens a nutrient row to its scale bar with the keyboard', async () => {
    const user = userEvent.setup();
    openProduct(productFixture());
    const trigger = await screen.findByRole('button', { name: /Azúcares.*37,2 g/ });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    trigger.focus();
    await user.keyboard('{Enter}');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const bar = screen.getByTestId('scale-bar-sugar');
    expect(bar).toHaveTextContent('Azúcares: 37,2 g por 100 g, muy alto, en una escala de 0 g a 46+ g.');
    expect(bar).toHaveTextContent('46+ g');
    await user.keyboard(' ');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it("credits Open Food Facts' contributors for a photo of theirs (CC BY-SA), and nothing else's", async () => {
    openProduct(productFixture());
    const credit = await screen.findByTestId('photo-credit');
    expect(credit).toHaveTextContent(/^Foto: colaboradores de Open Food Facts.*, licencia CC BY-SA.*\.$/);
    expect(within(credit).getByRole('link', { name: /Open Food Facts/ })).toHaveAttribute(
      'href',
      `https://world.openfoodfacts.org/product/${productFixture().barcode}`,
    );
  });

  it('shows no photo credit for a product without an Open Food Facts photo', async () => {
    openProduct(productFixture({ images: null }));
    await screen.findByTestId('product-page');
    expect(screen.queryByTestId('photo-credit')).toBeNull();
  });

  it('says per 100 mL for a product sold by volume', async () => {
    const user = userEvent.setup();
    openProduct({ ...productFixture(), isLiquid: true });
    await user.click(await screen.findByRole('button', { name: /Azúcares.*37,2 g/ }));
    // The fixture carries the ALTO EN AZÚCARES seal, so the line says the value is past its limit.
    expect(screen.getByText('Por 100 mL de producto: supera el límite del sello ALTO EN.')).toBeVisible();
    expect(screen.getByTestId('scale-bar-sugar')).toHaveTextContent('Azúcares: 37,2 g por 100 mL, muy alto');
  });

  it('opens the additives and suspects rows to their lists and links', async () => {
    const user = userEvent.setup();
    openProduct(productFixture());
    await user.click(await screen.findByRole('button', { name: /Aditivos\s*2/ }));
    expect(screen.getByText('Carbonatos de sodio')).toBeInTheDocument();
    // Each additive: risk and function; tapped, the reason the additive data gives.
    const [first] = screen.getAllByTestId('additive-item');
    expect(first).toHaveTextContent('E500 Carbonatos de sodioLeudante · Sin riesgo conocido');
    const reason = within(first!).getByText(
      'Autorizado en la UE y por el Codex sin alerta de sobreexposición.',
    );
    expect(reason).not.toBeVisible();
    await user.click(within(first!).getByText('Carbonatos de sodio'));
    expect(reason).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ver aditivos' })).toHaveAttribute(
      'href',
      '/product/6315/additives',
    );
    await user.click(screen.getByRole('button', { name: /Otros sospechosos\s*3/ }));
    expect(screen.getByRole('link', { name: 'Ver otros sospechosos' })).toHaveAttribute(
      'href',
      '/product/6315/ultraprocessed',
    );
  });

  it('shows "Sin puntaje" and says why when the product has no score', async () => {
    openProduct(productFixture({ healthScore: null, scoreLabel: 'Sin puntaje', reasons: [] }));
    expect(await screen.findByTestId('product-score')).toHaveTextContent('Sin puntaje');
    expect(screen.getByTestId('product-score')).not.toHaveTextContent('/10');
    expect(
      screen.getByText('Sin puntaje: faltan los datos nutricionales necesarios para calcularlo.'),
    ).toBeInTheDocument();
  });

  it('without enough data shows what we know, says what is missing and offers to complete it', async () => {
    openProduct(
      productFixture({
        healthScore: null,
        scoreLabel: 'Sin puntaje',
        reasons: [],
        proteinG100: null,
        sodiumMg100: null,
      }),
    );
    const notice = await screen.findByTestId('score-notice');
    expect(notice).toHaveTextContent('Sin puntaje: faltan datos');
    expect(notice).toHaveTextContent('No tenemos proteínas y sodio de este producto.');
    expect(within(notice).getByRole('button', { name: 'Reportar un error' })).toBeInTheDocument();
    // The way to complete it from the pack: the contribution form, completing this code.
    expect(within(notice).getByRole('link', { name: 'Completar este producto' })).toHaveAttribute(
      'href',
      `/contribute/${productFixture().barcode}?completar=1&producto=${productFixture().id}`,
    );
    // What we know is still there: seals from the values present, additives, NOVA.
    expect(screen.getByRole('list', { name: 'Sellos de advertencia' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Negativo' })).getByRole('button', { name: /Aditivos\s*2/ }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('label-facts')).toHaveTextContent('NOVA 4');
    expect(screen.getAllByRole('button', { name: 'Reportar un error' })).toHaveLength(1);
  });

  it('says "Datos dudosos", why, and what to do when the label contradicts itself', async () => {
    openProduct(
      productFixture({
        healthScore: null,
        scoreLabel: 'Sin puntaje',
        seals: [],
        reasons: [
          {
            rule: 'data.dubious',
            text: 'Datos dudosos: azúcares (30 g) mayores que los hidratos de carbono (10 g)',
            points: 0,
          },
        ],
      }),
    );
    const notice = await screen.findByTestId('score-notice');
    expect(notice).toHaveTextContent('Datos dudosos');
    expect(notice).toHaveTextContent('azúcares (30 g) mayores que los hidratos de carbono (10 g)');
    expect(notice).toHaveTextContent('Reportar un error');
    expect(screen.getByTestId('product-score')).toHaveTextContent('Sin puntaje');
  });

  it('says the score is partial when the ingredient list is missing, without a points column for the note', async () => {
    openProduct(
      productFixture({
        ingredients: null,
        reasons: [
          { rule: 'nutrition.base', text: 'Base nutricional: +5,0', points: 5 },
          { rule: 'processing.unknown', text: 'Puntaje parcial: falta la lista de ingredientes', points: 0 },
        ],
        healthScore: 5,
        scoreLabel: 'Malo',
      }),
    );
    expect(await screen.findByTestId('score-notice')).toHaveTextContent(
      'Puntaje parcial: falta la lista de ingredientes',
    );
    const reasons = within(screen.getByRole('region', { name: '¿Por qué este puntaje?' }));
    expect(reasons.getByTestId('reason-section-ingredients')).toHaveTextContent(
      /^Aditivos e ingredientes0,0 de 3Falta la lista de ingredientes: no sabemos si tiene aditivos0,0/,
    );
  });

  it('shows no notice for a complete score', async () => {
    openProduct(productFixture());
    await screen.findByTestId('product-score');
    expect(screen.queryByTestId('score-notice')).toBeNull();
  });

  it('shows "Error: Producto no encontrado" with a link home when the product does not exist', async () => {
    openProduct({ code: 'NOT_FOUND', message: 'Producto no encontrado' }, 999999, 404);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Error: Producto no encontrado' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
  });

  it('shows the read error and retries on other failures', async () => {
    const user = userEvent.setup();
    const { fetchMock } = openProduct('Internal Server Error', 6315, 500);
    expect(await screen.findByText('500: Internal Server Error')).toBeInTheDocument();
    // The route's loader starts the read; the page asks again once when it finds it failed.
    const reads = () => fetchMock.mock.calls.filter(([url]) => url === '/api/products/6315').length;
    const before = reads();
    await user.click(screen.getByRole('button', { name: 'Intentar de nuevo' }));
    await waitFor(() => expect(reads()).toBe(before + 1));
  });

  it('lists an organic, additive-free product on the thumbs-up side: Aditivos 0, nutrients, Ecológico', async () => {
    openProduct(wholesomeProductFixture(), 42);
    const positive = within(await screen.findByRole('region', { name: 'Positivo' }));
    const rows = positive.getAllByRole('button').map((row) => row.textContent);
    expect(rows).toEqual([
      'Aditivos0',
      'Calorías150 kcalBajo',
      'Azúcares6 gBajo',
      'Grasas saturadas0,4 gBajo',
      'Sodio10 mg (sal 0,03 g)Bajo',
      'Proteínas12 gAlto',
      'Fibra9,5 gAlto',
      'Frutas y verduras85 %Alto',
      'Ecológico',
    ]);
    expect(screen.getByRole('region', { name: 'Negativo' })).toHaveTextContent('Nada negativo que destacar.');
    expect(screen.getByTestId('ingredient-count')).toHaveTextContent('3 ingredientes');
    expect(screen.getByTestId('ingredient-count')).not.toHaveClass('text-red-700');
    expect(screen.getByText('Sin imagen')).toBeInTheDocument();
    expect(screen.getByTestId('product-score')).toHaveTextContent('9,1/10Excelente');
  });

  it('says "Aditivos 0" on the good side when none were detected in a list read well, even with suspects', async () => {
    const user = userEvent.setup();
    const readWell = {
      readWell: true,
      ingredientCount: 18,
      recognisedCount: 18,
      unrecognised: [],
      undeclared: [],
    };
    openProduct(productFixture({ detectedAdditives: [], ingredientReading: readWell }));
    const positive = within(await screen.findByRole('region', { name: 'Positivo' }));
    await user.click(positive.getByRole('button', { name: /Aditivos\s*0/ }));
    expect(positive.getByText('No detectamos aditivos en la lista de ingredientes.')).toBeInTheDocument();
    const negative = within(screen.getByRole('region', { name: 'Negativo' }));
    expect(negative.queryByRole('button', { name: /^Aditivos/ })).not.toBeInTheDocument();
    expect(negative.getByRole('button', { name: /Otros sospechosos\s*3/ })).toBeInTheDocument();
  });

  it("claims no absence from a list it could not read, and says why in the label's words", async () => {
    openProduct(
      productFixture({
        detectedAdditives: [],
        ultraprocessed: [],
        novaGroup: 4,
        ...undeclaredConcentrateList,
      }),
    );
    const positive = within(await screen.findByRole('region', { name: 'Positivo' }));
    expect(positive.queryByRole('button', { name: /Aditivos/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Sin aditivos')).not.toBeInTheDocument();
    expect(screen.getByTestId('ingredients-unread')).toHaveTextContent(
      'No podemos leer toda la lista: «concentrados Coca-Cola» es un preparado industrial que no detalla su contenido. Por eso no decimos que no tenga aditivos.',
    );
  });

  it('falls back to "Sin imagen" when the photo fails to load', async () => {
    openProduct(productFixture());
    const image = await screen.findByRole('img', { name: /Foto de/ });
    fireEvent.error(image);
    expect(screen.queryByRole('img', { name: /Foto de/ })).not.toBeInTheDocument();
    expect(screen.getByText('Sin imagen')).toBeInTheDocument();
  });

  it.each([
    {
      story: 'back to the subcategory on the chip saved this session',
      product: productFixture(),
      saved: 'Galletas dulces',
      href: '/subcategory/galletas?sub2categories=Galletas+dulces',
    },
    {
      story: 'back to the subcategory when no chip was saved',
      product: productFixture(),
      saved: null,
      href: '/subcategory/galletas',
    },
    {
      story: 'home when the product has no category',
      product: productFixture({ categorySlug: null, subcategorySlug: null }),
      saved: null,
      href: '/',
    },
  ])('links $story', async ({ product, saved, href }) => {
    if (saved) writeListingFilter('galletas', saved);
    openProduct(product);
    expect(await screen.findByRole('link', { name: 'Volver' })).toHaveAttribute('href', href);
  });
});
