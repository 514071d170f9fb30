import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs/promises';

import { expect, test } from '@playwright/test';
import { apiPaths } from '@etiqueta/contracts';

import { launchWithFakeCamera, writeEan13Y4m } from './support/fake-camera';
import { findScannable } from './support/scannable';
import { expectNoSeriousA11yViolations, screenshot, signInAsBeta } from './support/shopper';

/*
 * Issue 6: a camera scan ends on the product's page. Chromium gets a fake camera that films a real EAN-13 of a
 * catalogue product (a Y4M written from a bwip-js PNG), so the whole path runs for real: getUserMedia, the
 * barcode-detector ponyfill with its ZXing WASM from our own origin, the barcode lookup and the navigation.
 */

type Summary = { id: number; barcode: string; name: string };

test('a shopper scans a product barcode with the camera and lands on its page', async ({ request }, testInfo) => {
  await signInAsBeta(request);
  const listing = await request.get(apiPaths.categories.products('desayuno'));
  expect(listing.ok(), await listing.text()).toBe(true);
  const candidates = ((await listing.json()) as { items: Summary[] }).items;
  const product = await findScannable(request, candidates);
  if (!product) throw new Error('no breakfast product with a unique EAN-13');

  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ec-fake-camera-'));
  const video = path.join(dir, `ean13-${product.barcode}.y4m`);
  await writeEan13Y4m(product.barcode, video);

  const { browser, context, baseURL } = await launchWithFakeCamera(testInfo, video);
  try {
    const wasmRequests: string[] = [];
    context.on('request', (req) => {
      if (req.url().includes('.wasm')) wasmRequests.push(req.url());
    });
    const page = await context.newPage();
    await signInAsBeta(page.request);

    await page.goto('/');
    const scanButton = page.getByRole('button', { name: 'Escanear código de barras' });
    await expect(scanButton).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, testInfo, 'scanner-1-inicio');

    await scanButton.click();
    await expect(page).toHaveURL(new RegExp(`/product/${product.id}$`), { timeout: 20_000 });
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await screenshot(page, testInfo, 'scanner-2-producto');

    // Linux Chromium has no native BarcodeDetector, so ZXing ran, and its WASM came from our own origin.
    expect(wasmRequests.length).toBeGreaterThan(0);
    for (const url of wasmRequests) expect(new URL(url).origin).toBe(new URL(baseURL).origin);
    await context.close();
  } finally {
    await browser.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
});

test('the scanner films inside a green frame until a code shows up, and closing it turns the camera off', async ({
  browserName: _browserName,
}, testInfo) => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ec-fake-camera-'));
  const video = path.join(dir, 'sin-codigo.y4m');
  await writeEan13Y4m(null, video);
  const { browser, context } = await launchWithFakeCamera(testInfo, video);
  try {
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Escanear código de barras' }).click();
    const dialog = page.getByRole('dialog', { name: 'Escanear código de barras' });
    // Frames without a code are ignored silently: the scanner keeps scanning, no error shows.
    await expect(dialog.getByTestId('scanner-frame')).toBeVisible();
    await expect(dialog.getByText('Iniciando cámara...')).toHaveCount(0);
    await page.waitForTimeout(1500);
    await expect(dialog.getByTestId('scanner-frame')).toBeVisible();
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, testInfo, 'scanner-4-escaneando');

    // Keep hold of the live camera tracks, then close with the icon: every track must end.
    const live = await page.evaluate(() => {
      const stream = document.querySelector('video')?.srcObject as MediaStream | null;
      (window as unknown as { tracks: MediaStreamTrack[] }).tracks = stream?.getTracks() ?? [];
      return stream?.getVideoTracks().filter((track) => track.readyState === 'live').length ?? 0;
    });
    expect(live).toBe(1);
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await expect(dialog).toHaveCount(0);
    const states = await page.evaluate(() =>
      (window as unknown as { tracks: MediaStreamTrack[] }).tracks.map((track) => track.readyState),
    );
    expect(states).toEqual(['ended']);
    await context.close();
  } finally {
    await browser.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
});

test('without a usable camera the scanner dialog says so in red, offers to try again, and Cancelar closes it', async ({ page }, testInfo) => {
  // The project's own browser has no camera flags, so here the dialog meets a camera it cannot open.
  await signInAsBeta(page.request);
  await page.goto('/');
  await page.getByRole('button', { name: 'Escanear código de barras' }).click();
  const dialog = page.getByRole('dialog', { name: 'Escanear código de barras' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Apunta la cámara hacia el código de barras del producto')).toBeVisible();
  await expect(dialog.getByRole('alert')).toBeVisible({ timeout: 10_000 });
  await expect(dialog.getByRole('button', { name: 'Intentar de nuevo' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, testInfo, 'scanner-3-error-camara');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toHaveCount(0);
});
