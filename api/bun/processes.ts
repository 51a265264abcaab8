/**
 * WORKERS=n: n processes serve one port (Linux SO_REUSEPORT through Bun.serve's `reusePort`),
 * so one machine's every core answers; the kernel spreads connections across them. The service
 * is stateless, so the processes share nothing. The first process serves too and starts the
 * other n - 1 as children of itself; its stop (api/host/stop.ts) stops them alongside (each
 * drains its own requests), and a child whose parent vanished (even by SIGKILL) stops within
 * about a second.
 */

/** Environment variable that marks a child and names its parent's pid. */
const CHILD_OF = "AGENT_ESCROW_WORKER_OF";

/** True when this process is a child started by {@link startProcesses}. */
export const isProcessChild = (): boolean => process.env[CHILD_OF] !== undefined;

/** In a child: calls `orphaned` once the parent is gone (its pid is no longer our parent). */
export function followParent(orphaned: () => void): void {
  const parent = Number(process.env[CHILD_OF]);
  const timer = setInterval(() => {
    if (process.ppid !== parent) {
      clearInterval(timer);
      orphaned();
    }
  }, 1000);
  timer.unref();
}

/** The processes this one started. */
export interface Processes {
  /** How many processes serve, this one included. */
  count: number;
  /**
   * Sends SIGTERM to every child and resolves once all have exited, with true when every one
   * exited 0; a child still running after `waitMs` is killed outright.
   */
  stop(waitMs: number): Promise<boolean>;
}

/** One process: nothing to start or stop. */
const ALONE: Processes = { count: 1, stop: () => Promise.resolve(true) };

/**
 * In the first process, once it listens on `port`: starts `count - 1` more copies of this
 * script on the same port. A child that exits while no stop was asked for calls `failed`
 * (server.ts then stops everything with exit code 1: a supervisor restarts us whole rather
 * than we serve on quietly with fewer processes).
 */
export function startProcesses(count: number, port: number, failed: (pid: number, code: number) => void): Processes {
  if (count <= 1) return ALONE;
  if (process.platform !== "linux") {
    console.warn(`WORKERS=${count} needs Linux (SO_REUSEPORT); serving with one process.`);
    return ALONE;
  }
  const script = process.argv[1]!;
  const children = Array.from({ length: count - 1 }, () =>
    Bun.spawn([process.execPath, script], {
      env: { ...process.env, PORT: String(port), [CHILD_OF]: String(process.pid) },
      stdio: ["ignore", "inherit", "inherit"],
    }),
  );
  let stopping = false;
  for (const child of children) {
    child.exited.then((code) => {
      if (!stopping) failed(child.pid, code);
    });
  }
  return {
    count,
    async stop(waitMs) {
      stopping = true;
      for (const child of children) child.kill("SIGTERM");
      const timer = setTimeout(() => {
        for (const child of children) child.kill("SIGKILL");
      }, waitMs);
      const codes = await Promise.all(children.map((child) => child.exited));
      clearTimeout(timer);
      return codes.every((code) => code === 0);
    },
  };
}
