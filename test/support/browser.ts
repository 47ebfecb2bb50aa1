// Headless Chromium for end-to-end tests and page scripts: Debian's /usr/bin/chromium (installed by
// .ci/install-chromium) driven by playwright-core, with a fresh profile each launch; no browser is downloaded.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext } from "playwright-core";

/** The browser binary; PARTWISE_CHROMIUM points elsewhere. */
export const CHROMIUM_PATH = process.env.PARTWISE_CHROMIUM ?? "/usr/bin/chromium";

/** Flags for a quiet, offline, sandbox-free (CI runs as root) headless browser. */
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--no-first-run",
  "--disable-quic",
  "--disable-component-update",
  "--disable-sync",
];

export interface LaunchedBrowser {
  readonly context: BrowserContext;
  /** Closes the browser and removes its profile. */
  close(): Promise<void>;
}

/** Launches headless Chromium with a fresh user-data-dir and a fixed viewport. */
export async function launchBrowser(viewport = { width: 1280, height: 900 }): Promise<LaunchedBrowser> {
  const profile = await mkdtemp(join(tmpdir(), "partwise-chromium-"));
  try {
    const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS, viewport });
    return {
      context,
      close: async () => {
        await context.close();
        await rm(profile, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(profile, { recursive: true, force: true });
    throw error;
  }
}
