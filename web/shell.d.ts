// The page's globals that the shell's scripts (web/shell-*.js) share with each other, with
// web/platform/page.py (through `__bzCall`) and with the tests (`__bzErrors`, `__bzWarm`, ...).

/** The install prompt Chromium offers once (kept for the menu's "Install", web/platform/device.py). */
interface BzInstall {
  prompt: Event | null;
  installed: boolean;
}

/** The warm start (web/shell-start.js): the kept start screen and a tap held on it. */
interface BzWarm {
  /** The table's empty frame, as the app mounted it. */
  skeleton: string | null;
  /** The value last written to storage (not written again while it is the same). */
  saved: string | null;
  /** A selector of the control tapped before the app was ready. */
  queued: string | null;
  keep(screen: string): void;
  draw(): boolean;
  take(): string;
}

interface Window {
  __bzErrors: string[];
  __bzInstall: BzInstall;
  __bzWarm: BzWarm;
  __bzBusy(): void;
  __bzSettled(): void;
  __bzFocus(el: Element): void;
  __bzFit(steps: string, grow?: boolean): void;
  __bzPatch(json: string): void;
  __bzAudio(gain: number): boolean;
  __bzTones(json: string, last: string): void;
  __bzCall(name: string, ...args: unknown[]): unknown;
  /** Written by tools/build.py (a first visit's boot downloads), absent in a test page. */
  __bzBootDownloads?: () => void;
  webkitAudioContext?: typeof AudioContext;
}

interface Navigator {
  /** iOS: the page runs as a home-screen app. */
  standalone?: boolean;
}

interface FocusOptions {
  /** Draw the focus frame or not (Chromium; ignored elsewhere, see app.css). */
  focusVisible?: boolean;
}

// The modules the shell imports by their address in dist/ (relative to the page, not to
// web/): typed here as the shell uses them. web/link-rtc.mjs and web/link-qr.mjs are the
// two devices' link; PyScript is vendored into dist/ by tools/build.py.
declare module "*/web/link-rtc.mjs" {
  export class Link {
    constructor(onMessage: (text: string) => void, onState: (state: string) => void);
    offer(): Promise<string>;
    answer(code: string): Promise<string>;
    accept(code: string): Promise<void>;
    send(text: string): boolean;
    close(): void;
  }
}

declare module "*/web/link-qr.mjs" {
  export function scan(labels: { title: string; cancel: string }): Promise<string>;
  export function qrSvg(code: string): string;
}

declare module "*/runtime/pyscript/core.js" {}

// Python's loader (Pyodide, from the snapshot when there is one), started by the shell itself
// when Python runs on the page's thread.
declare module "*/web/python-loader.mjs" {
  interface Pyodide {
    runPythonAsync(code: string, options?: { filename?: string }): Promise<unknown>;
  }
  export function loadPyodide(options?: object): Promise<Pyodide>;
}
