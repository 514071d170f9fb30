import fs from 'node:fs/promises';

import { type Browser, type BrowserContext, type TestInfo, chromium } from '@playwright/test';
import bwipjs from 'bwip-js';
import { PNG } from 'pngjs';

const WIDTH = 640;
const HEIGHT = 480;
const FRAMES = 15;

/** ITU-R BT.601 luma of a pixel laid over white (the PNG may be transparent). */
const luma = (r: number, g: number, b: number, a: number) => {
  const over = (channel: number) => (channel * a + 255 * (255 - a)) / 255;
  return Math.round(0.299 * over(r) + 0.587 * over(g) + 0.114 * over(b));
};

/**
 * Writes a Y4M video of a white frame with the EAN-13 `code` in the middle (or nothing, for `null`), for Chromium's
 * --use-file-for-fake-video-capture (STACK-NOTES §5: no ffmpeg; the luma plane is the picture and the chroma
 * planes are neutral grey). Chromium loops the file, so a second of frames is plenty.
 */
export const writeEan13Y4m = async (code: string | null, file: string) => {
  const png =
    code === null
      ? new PNG({ width: 1, height: 1 })
      : PNG.sync.read(
          await bwipjs.toBuffer({ bcid: 'ean13', text: code, scale: 4, height: 22, includetext: true, paddingwidth: 12, paddingheight: 8, backgroundcolor: 'FFFFFF' }),
        );
  if (png.width > WIDTH || png.height > HEIGHT) throw new Error(`barcode image ${png.width}×${png.height} does not fit the frame`);
  const y = Buffer.alloc(WIDTH * HEIGHT, 255);
  const left = Math.floor((WIDTH - png.width) / 2);
  const top = Math.floor((HEIGHT - png.height) / 2);
  for (let row = 0; row < png.height; row += 1) {
    for (let col = 0; col < png.width; col += 1) {
      const i = (row * png.width + col) * 4;
      y[(top + row) * WIDTH + left + col] = luma(png.data[i]!, png.data[i + 1]!, png.data[i + 2]!, png.data[i + 3]!);
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F15:1 Ip A1:1 C420jpeg\n`);
  await fs.writeFile(file, Buffer.concat([header, ...Array.from({ length: FRAMES }, () => frame)]));
};

/**
 * A browser of its own whose camera films `videoFile`: the camera flags must be there at launch. Same binary,
 * flags, viewport and locale as the test's project, camera permission granted to the app's origin; service
 * workers blocked, as in the other specs, unless `serviceWorkers: 'allow'` (the offline journeys).
 */
export const launchWithFakeCamera = async (
  testInfo: TestInfo,
  videoFile: string,
  { serviceWorkers = 'block' }: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<{ browser: Browser; context: BrowserContext; baseURL: string }> => {
  const { launchOptions = {}, baseURL, viewport, deviceScaleFactor, isMobile, hasTouch, locale, timezoneId } =
    testInfo.project.use;
  if (!baseURL) throw new Error('the project needs a baseURL');
  const browser = await chromium.launch({
    ...launchOptions,
    args: [
      ...(launchOptions.args ?? []),
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${videoFile}`,
    ],
  });
  const context = await browser.newContext({
    baseURL,
    viewport,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    locale,
    timezoneId,
    serviceWorkers,
  });
  await context.grantPermissions(['camera'], { origin: new URL(baseURL).origin });
  return { browser, context, baseURL };
};
