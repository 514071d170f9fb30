import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  CAMERA_ACCESS_ERROR_MESSAGE,
  CAMERA_PROBLEMS,
  type Detector,
  NO_CAMERAS_MESSAGE,
  SCAN_INTERVAL_MS,
  type ScannerState,
  VIDEO_PLAY_TIMEOUT_MS,
  type VideoTarget,
  createBarcodeScanner,
} from './barcode-scanner';

type FakeTrack = { stop: ReturnType<typeof vi.fn> };

const fakeStream = () => {
  const track: FakeTrack = { stop: vi.fn() };
  return { stream: { getTracks: () => [track] } as unknown as MediaStream, track };
};

const camera = { kind: 'videoinput', deviceId: 'cam-1', label: 'Cámara trasera' } as MediaDeviceInfo;
const microphone = { kind: 'audioinput', deviceId: 'mic-1', label: 'Micrófono' } as MediaDeviceInfo;

type Setup = {
  devices?: MediaDeviceInfo[];
  getUserMedia?: () => Promise<MediaStream>;
  play?: () => Promise<void>;
  detect?: Detector<VideoTarget>['detect'];
  mediaDevices?: 'missing';
};

const setup = ({ devices = [microphone, camera], getUserMedia, play, detect, mediaDevices }: Setup = {}) => {
  const { stream, track } = fakeStream();
  const states: ScannerState[] = [];
  const onDetected = vi.fn();
  const log = vi.fn();
  const video: VideoTarget = { srcObject: null, play: play ?? (() => Promise.resolve()) };
  const getUserMediaMock = vi.fn(getUserMedia ?? (() => Promise.resolve(stream)));
  const detectMock = vi.fn(detect ?? (() => Promise.resolve([])));
  const scanner = createBarcodeScanner({
    mediaDevices:
      mediaDevices === 'missing'
        ? undefined
        : { enumerateDevices: () => Promise.resolve(devices), getUserMedia: getUserMediaMock },
    loadDetector: () => Promise.resolve({ detect: detectMock }),
    video,
    onState: (state) => states.push(state),
    onDetected,
    log,
  });
  const statuses = () => states.map((state) => state.status);
  const last = () => states.at(-1);
  return { scanner, states, statuses, last, onDetected, log, video, track, getUserMediaMock, detectMock };
};

/** Lets pending promises and the given timers run. */
const advance = async (ms = 0) => {
  await vi.advanceTimersByTimeAsync(ms);
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the barcode scanner', () => {
  it('shows "starting" first, then scans with the first camera', async () => {
    const { scanner, statuses, getUserMediaMock, video } = setup();
    void scanner.start();
    expect(statuses()).toEqual(['starting']);
    await advance();
    expect(statuses()).toEqual(['starting', 'scanning']);
    expect(getUserMediaMock).toHaveBeenCalledWith({ audio: false, video: { deviceId: { exact: 'cam-1' } } });
    expect(video.srcObject).not.toBeNull();
    scanner.stop();
  });

  it('asks for any camera when the browser hides device ids before permission', async () => {
    const { scanner, getUserMediaMock } = setup({ devices: [{ ...camera, deviceId: '' }] });
    void scanner.start();
    await advance();
    expect(getUserMediaMock).toHaveBeenCalledWith({ audio: false, video: true });
    scanner.stop();
  });

  const refuse = (name: string, message = 'English text from the browser') => () =>
    Promise.reject(new DOMException(message, name));

  it.each([
    ['no video input', { devices: [microphone] }, CAMERA_PROBLEMS.noCamera],
    ['permission refused ("Permission denied" never shown)', { getUserMedia: refuse('NotAllowedError', 'Permission denied') }, CAMERA_PROBLEMS.denied],
    ['permission refused by policy', { getUserMedia: refuse('SecurityError') }, CAMERA_PROBLEMS.denied],
    ['the camera vanished between listing and opening', { getUserMedia: refuse('NotFoundError') }, CAMERA_PROBLEMS.noCamera],
    ['a camera another app holds', { getUserMedia: refuse('NotReadableError') }, CAMERA_PROBLEMS.busy],
    ['an unknown failure', { getUserMedia: () => Promise.reject(new Error('boom')) }, CAMERA_PROBLEMS.other],
    ['no mediaDevices (not a secure context)', { mediaDevices: 'missing' as const }, CAMERA_PROBLEMS.unsupported],
  ])('stops with a Spanish error and what to do on %s', async (_case, options: Setup, problem) => {
    const { scanner, last, detectMock } = setup(options);
    void scanner.start();
    await advance(SCAN_INTERVAL_MS * 3);
    expect(last()).toEqual({ status: 'error', ...problem });
    expect(problem.advice).toMatch(/escribe el código de barras abajo/);
    expect(JSON.stringify(last())).not.toMatch(/English|Permission|boom/);
    expect(detectMock).not.toHaveBeenCalled();
  });

  it('keeps the spec\'s words for the two errors it names', () => {
    expect(CAMERA_PROBLEMS.noCamera.message).toBe(NO_CAMERAS_MESSAGE);
    expect(NO_CAMERAS_MESSAGE).toBe('No se encontraron cámaras disponibles');
    expect(CAMERA_PROBLEMS.other.message).toBe(CAMERA_ACCESS_ERROR_MESSAGE);
    expect(CAMERA_ACCESS_ERROR_MESSAGE).toBe('Error al acceder a la cámara');
  });

  it(`gives up when the video does not play within ${VIDEO_PLAY_TIMEOUT_MS} ms, and releases the camera`, async () => {
    const { scanner, last, statuses, track } = setup({ play: () => new Promise(() => undefined) });
    void scanner.start();
    await advance(VIDEO_PLAY_TIMEOUT_MS - 1);
    expect(statuses()).toEqual(['starting']);
    await advance(1);
    expect(last()).toEqual({ status: 'error', ...CAMERA_PROBLEMS.slow });
    expect(track.stop).toHaveBeenCalled();
  });

  it(`tries again every ${SCAN_INTERVAL_MS} ms, ignoring not-found frames silently`, async () => {
    const notFound = Object.assign(new Error('No MultiFormat Readers were able to detect the code.'), {
      name: 'NotFoundException',
    });
    const detect = vi
      .fn<Detector<VideoTarget>['detect']>()
      .mockResolvedValueOnce([])
      .mockRejectedValueOnce(notFound)
      .mockResolvedValue([]);
    const { scanner, detectMock, log, last } = setup({ detect });
    void scanner.start();
    await advance();
    expect(detectMock).toHaveBeenCalledTimes(1);
    await advance(SCAN_INTERVAL_MS - 1);
    expect(detectMock).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(detectMock).toHaveBeenCalledTimes(2);
    await advance(SCAN_INTERVAL_MS);
    expect(detectMock).toHaveBeenCalledTimes(3);
    expect(log).not.toHaveBeenCalled();
    expect(last()).toEqual({ status: 'scanning' });
    scanner.stop();
  });

  it('only logs other reading errors and keeps scanning', async () => {
    const broken = new Error('Barcode detection service unavailable.');
    const detect = vi.fn<Detector<VideoTarget>['detect']>().mockRejectedValueOnce(broken).mockResolvedValue([]);
    const { scanner, log, last, detectMock } = setup({ detect });
    void scanner.start();
    await advance(SCAN_INTERVAL_MS);
    expect(log).toHaveBeenCalledWith(broken);
    expect(detectMock).toHaveBeenCalledTimes(2);
    expect(last()).toEqual({ status: 'scanning' });
    scanner.stop();
  });

  it('hands the code over once, stops the camera and stops reading', async () => {
    const detect = vi
      .fn<Detector<VideoTarget>['detect']>()
      .mockResolvedValueOnce([])
      .mockResolvedValue([{ rawValue: '7802800716340' }]);
    const { scanner, onDetected, last, track, video, detectMock } = setup({ detect });
    void scanner.start();
    await advance(SCAN_INTERVAL_MS);
    expect(onDetected).toHaveBeenCalledExactlyOnceWith('7802800716340');
    expect(last()).toEqual({ status: 'detected', code: '7802800716340' });
    expect(track.stop).toHaveBeenCalled();
    expect(video.srcObject).toBeNull();
    await advance(SCAN_INTERVAL_MS * 4);
    expect(detectMock).toHaveBeenCalledTimes(2);
  });

  it('stop() while the camera is still opening releases the stream as soon as it arrives', async () => {
    let grant: (stream: MediaStream) => void = () => undefined;
    const { stream, track } = fakeStream();
    const { scanner, statuses, video } = setup({
      getUserMedia: () => new Promise<MediaStream>((resolve) => (grant = resolve)),
    });
    void scanner.start();
    await advance();
    scanner.stop();
    grant(stream);
    await advance(SCAN_INTERVAL_MS * 2);
    expect(track.stop).toHaveBeenCalled();
    expect(video.srcObject).toBeNull();
    expect(statuses()).toEqual(['starting']);
  });

  it('stop() while scanning stops the tracks and the reading loop', async () => {
    const { scanner, track, detectMock, video } = setup();
    void scanner.start();
    await advance();
    scanner.stop();
    expect(track.stop).toHaveBeenCalled();
    expect(video.srcObject).toBeNull();
    const calls = detectMock.mock.calls.length;
    await advance(SCAN_INTERVAL_MS * 4);
    expect(detectMock).toHaveBeenCalledTimes(calls);
  });

  it('"Intentar de nuevo" starts over after an error', async () => {
    const getUserMedia = vi
      .fn<() => Promise<MediaStream>>()
      .mockRejectedValueOnce(new Error('Could not start video source'))
      .mockResolvedValue(fakeStream().stream);
    const { scanner, statuses } = setup({ getUserMedia });
    void scanner.start();
    await advance();
    expect(statuses()).toEqual(['starting', 'error']);
    void scanner.start();
    await advance();
    expect(statuses()).toEqual(['starting', 'error', 'starting', 'scanning']);
    scanner.stop();
  });
});
