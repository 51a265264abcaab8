/**
 * What a finished child process said: its exit code and both its streams as text, read while it
 * runs so that neither pipe fills up and stalls it. One place for the tests, the harness and the
 * bench that spawn a command and read its output.
 */

/** A child spawned with both streams piped (`Bun.spawn(..., { stdout: "pipe", stderr: "pipe" })`). */
export interface PipedChild {
  exited: Promise<number>;
  stdout: ReadableStream<Uint8Array>;
  stderr: ReadableStream<Uint8Array>;
}

/** Waits for `child` to exit; its exit code, stdout and stderr. */
export async function outputOf(child: PipedChild): Promise<{ code: number; stdout: string; stderr: string }> {
  const [stdout, stderr, code] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  return { code, stdout, stderr };
}
