/**
 * WORKERS=n: n processes serve one port (Linux SO_REUSEPORT through Bun.serve's `reusePort`),
 * so one machine's every core answers; the kernel spreads connections across them. The service
 * is stateless, so the processes share nothing. The first process serves too and starts the
 * other n - 1 as children of itself; SIGTERM and SIGINT stop them all, and a child whose
 * parent vanished (even by SIGKILL) exits within a second.
 */

/** Environment variable that marks a child and names its parent's pid. */
const CHILD_OF = "AGENT_ESCROW_WORKER_OF";

/** True when this process is a child started by {@link startWorkers}. */
export const isWorkerChild = (): boolean => process.env[CHILD_OF] !== undefined;

/** In a child: exit once the parent is gone (its pid is no longer our parent). */
export function followParent(): void {
  const parent = Number(process.env[CHILD_OF]);
  setInterval(() => {
    if (process.ppid !== parent) process.exit(0);
  }, 1000).unref();
}

/**
 * In the first process, once it listens on `port`: starts `count - 1` more copies of this
 * script on the same port and ties their lives to ours. Returns how many processes serve.
 */
export function startWorkers(count: number, port: number): number {
  if (count <= 1) return 1;
  if (process.platform !== "linux") {
    console.warn(`WORKERS=${count} needs Linux (SO_REUSEPORT); serving with one process.`);
    return 1;
  }
  const script = process.argv[1]!;
  const children = Array.from({ length: count - 1 }, () =>
    Bun.spawn([process.execPath, script], {
      env: { ...process.env, PORT: String(port), [CHILD_OF]: String(process.pid) },
      stdio: ["ignore", "inherit", "inherit"],
    }),
  );
  let stopping = false;
  const stop = (code: number) => {
    stopping = true;
    for (const child of children) child.kill("SIGTERM");
    Promise.all(children.map((child) => child.exited)).then(() => process.exit(code));
  };
  process.on("SIGTERM", () => stop(0));
  process.on("SIGINT", () => stop(0));
  for (const child of children) {
    child.exited.then((code) => {
      if (stopping) return;
      // Fail whole rather than serve on quietly with fewer processes: a supervisor restarts us.
      console.error(`worker ${child.pid} exited with ${code}; stopping every worker`);
      stop(1);
    });
  }
  return count;
}
