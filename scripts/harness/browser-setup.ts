/**
 * Makes sure a Chromium for the browser suite is on this machine before `bun test` runs: npm
 * browser downloads fail here, so the suite drives Debian's `chromium` with playwright-core,
 * installing it with apt-get when it is missing. `CHROMIUM_PATH` names another
 * binary. Exits non-zero with the reason when no browser can be had, so CI never passes a
 * browser suite that did not run.
 */
import { existsSync } from "node:fs";

/** Where the browser suite looks for Chromium. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

async function sh(command: string[]): Promise<number> {
  const child = Bun.spawn(command, {
    stdout: "ignore",
    stderr: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  return child.exited;
}

if (import.meta.main && !existsSync(CHROMIUM_PATH)) {
  console.error(
    `browser-setup: ${CHROMIUM_PATH} is missing; installing Debian's chromium with apt-get (about a minute)`,
  );
  const started = Date.now();
  const ok =
    (await sh(["apt-get", "update", "-qq"])) === 0 && (await sh(["apt-get", "install", "-y", "-qq", "chromium"])) === 0;
  if (!ok || !existsSync(CHROMIUM_PATH)) {
    console.error(
      "browser-setup: could not install chromium (apt-get needs root and Debian's package mirror); set CHROMIUM_PATH to a Chromium binary",
    );
    process.exit(1);
  }
  console.error(`browser-setup: chromium installed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
