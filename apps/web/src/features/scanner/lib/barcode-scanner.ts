/**
 * The camera barcode scanner as a small state machine with its browser parts injected (spec §2, §4, §8, §9):
 * idle → starting ('Iniciando cámara...') → scanning → detected (the code goes to the caller),
 * or → error (red text, what to do, 'Intentar de nuevo'). `stop()` always releases the camera, whatever the state.
 */

export const NO_CAMERAS_MESSAGE = 'No se encontraron cámaras disponibles';
export const CAMERA_ACCESS_ERROR_MESSAGE = 'Error al acceder a la cámara';
/** Typing the code is always offered below the camera, so every error ends by pointing there. */
const TYPE_IT = 'escribe el código de barras abajo';

/**
 * What went wrong with the camera, in Spanish, and what the shopper can do about it. Browsers reject
 * getUserMedia with a DOMException whose `name` tells why and whose `message` is English ("Permission denied"):
 * the name is read, the message never shown (docs/scanner.md lists this departure from spec §8).
 */
export type CameraProblem = { message: string; advice: string };

export const CAMERA_PROBLEMS = {
  denied: {
    message: 'No tenemos permiso para usar la cámara',
    advice: `Permite la cámara para este sitio en los ajustes del navegador (el candado junto a la dirección) y toca «Intentar de nuevo», o ${TYPE_IT}.`,
  },
  noCamera: {
    message: NO_CAMERAS_MESSAGE,
    advice: `Este dispositivo no tiene una cámara que podamos usar: ${TYPE_IT}.`,
  },
  busy: {
    message: 'La cámara está ocupada',
    advice: `Otra aplicación o pestaña la está usando. Ciérrala y toca «Intentar de nuevo», o ${TYPE_IT}.`,
  },
  unsupported: {
    message: 'Este navegador no nos deja usar la cámara aquí',
    advice: `Abre la página en Chrome o Safari actualizados, o ${TYPE_IT}.`,
  },
  slow: {
    message: 'La cámara no respondió a tiempo',
    advice: `Toca «Intentar de nuevo», o ${TYPE_IT}.`,
  },
  other: {
    message: CAMERA_ACCESS_ERROR_MESSAGE,
    advice: `Toca «Intentar de nuevo», o ${TYPE_IT}.`,
  },
} satisfies Record<string, CameraProblem>;

const nameOf = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';

/** The problem behind a getUserMedia or enumerateDevices rejection, by the DOMException's name. */
export const cameraProblem = (error: unknown): CameraProblem => {
  switch (nameOf(error)) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return CAMERA_PROBLEMS.denied;
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return CAMERA_PROBLEMS.noCamera;
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return CAMERA_PROBLEMS.busy;
    default:
      return CAMERA_PROBLEMS.other;
  }
};
/** Spec §9: a pause between two reading attempts, and how long the video may take to start playing. */
export const SCAN_INTERVAL_MS = 500;
export const VIDEO_PLAY_TIMEOUT_MS = 5000;

export type ScannerState =
  | { status: 'idle' }
  | { status: 'starting' }
  | { status: 'scanning' }
  | { status: 'detected'; code: string }
  | ({ status: 'error' } & CameraProblem);

export type DetectedCode = { rawValue: string };

/** The part of `BarcodeDetector` (native or the ZXing ponyfill) the scanner uses. */
export type Detector<Source> = { detect: (source: Source) => Promise<readonly DetectedCode[]> };

/** The part of an `HTMLVideoElement` the scanner uses. */
export type VideoTarget = { srcObject: MediaProvider | null; play: () => Promise<void> };

export type ScannerDeps<Source extends VideoTarget> = {
  /** `navigator.mediaDevices`, absent outside secure contexts. */
  mediaDevices: Pick<MediaDevices, 'enumerateDevices' | 'getUserMedia'> | undefined;
  /** Loads the detector (and its WASM) on demand; started together with the camera. */
  loadDetector: () => Promise<Detector<Source>>;
  video: Source;
  onState: (state: ScannerState) => void;
  onDetected: (code: string) => void;
  /** Where non-"not found" reading errors go (spec §8: only logged). */
  log?: (error: unknown) => void;
  scanIntervalMs?: number;
  playTimeoutMs?: number;
};

export type BarcodeScanner = { start: () => Promise<void>; stop: () => void };

class PlayTimeout extends Error {}

const messageOf = (error: unknown): string => {
  if (typeof error !== 'object' || error === null || !('message' in error)) return '';
  return typeof error.message === 'string' ? error.message : '';
};

/** ZXing-style readers signal an empty frame by throwing; that is the normal case, not an error (spec §8). */
export const isNotFoundError = (error: unknown): boolean => {
  const name = typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  return name === 'NotFoundException' || name === 'NotFoundError' || /not ?found/i.test(messageOf(error));
};

const stopTracks = (stream: MediaStream | null) => {
  for (const track of stream?.getTracks() ?? []) track.stop();
};

const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new PlayTimeout()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(messageOf(error)));
      },
    );
  });

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const createBarcodeScanner = <Source extends VideoTarget>(deps: ScannerDeps<Source>): BarcodeScanner => {
  const {
    mediaDevices,
    loadDetector,
    video,
    onState,
    onDetected,
    log = (error: unknown) => console.warn('Lectura de código de barras fallida', error),
    scanIntervalMs = SCAN_INTERVAL_MS,
    playTimeoutMs = VIDEO_PLAY_TIMEOUT_MS,
  } = deps;

  // Every start() gets a ticket; stop() or a newer start() invalidates it, so a late answer from the camera or
  // the detector can never revive a closed dialog or leave a camera on.
  let ticket = 0;
  let stream: MediaStream | null = null;

  const releaseCamera = () => {
    stopTracks(stream);
    stream = null;
    video.srcObject = null;
  };

  const stop = () => {
    ticket += 1;
    releaseCamera();
  };

  const start = async () => {
    stop();
    const mine = ticket;
    const live = () => mine === ticket;
    const fail = (problem: CameraProblem) => {
      if (!live()) return;
      releaseCamera();
      onState({ status: 'error', ...problem });
    };

    onState({ status: 'starting' });
    const detectorPromise = loadDetector();
    detectorPromise.catch(() => undefined);

    // Absent outside secure contexts and in some in-app browsers.
    if (!mediaDevices) {
      fail(CAMERA_PROBLEMS.unsupported);
      return;
    }
    let devices: MediaDeviceInfo[];
    try {
      devices = await mediaDevices.enumerateDevices();
    } catch (error) {
      fail(cameraProblem(error));
      return;
    }
    if (!live()) return;
    // Spec §4: the first available camera.
    const camera = devices.find((device) => device.kind === 'videoinput');
    if (!camera) {
      fail(CAMERA_PROBLEMS.noCamera);
      return;
    }

    let opened: MediaStream;
    try {
      opened = await mediaDevices.getUserMedia({
        audio: false,
        video: camera.deviceId ? { deviceId: { exact: camera.deviceId } } : true,
      });
    } catch (error) {
      fail(cameraProblem(error));
      return;
    }
    if (!live()) {
      stopTracks(opened);
      return;
    }
    stream = opened;
    video.srcObject = opened;

    let detector: Detector<Source>;
    try {
      await withTimeout(video.play(), playTimeoutMs);
      detector = await detectorPromise;
    } catch (error) {
      fail(error instanceof PlayTimeout ? CAMERA_PROBLEMS.slow : cameraProblem(error));
      return;
    }
    if (!live()) return;

    onState({ status: 'scanning' });
    while (live()) {
      try {
        const codes = await detector.detect(video);
        const code = codes.find((candidate) => candidate.rawValue)?.rawValue;
        if (code && live()) {
          stop();
          onState({ status: 'detected', code });
          onDetected(code);
          return;
        }
      } catch (error) {
        if (!isNotFoundError(error)) log(error);
      }
      await sleep(scanIntervalMs);
    }
  };

  return { start, stop };
};
