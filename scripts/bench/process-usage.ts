/**
 * What Linux's /proc tells about the processes under test for `bun run bench` (servers.ts): a
 * process's tree, the CPU time (user + system) used by a process and its descendants, and the
 * resident memory of a process alone. Off Linux there is no /proc: a tree is the process alone,
 * and the figures are null.
 */
import { readdirSync, readFileSync } from "node:fs";
import { rssOf } from "../harness/live-server.ts";

const IS_LINUX = process.platform === "linux";
const CLOCK_TICKS_PER_SECOND = 100; // USER_HZ, 100 on every mainstream Linux build

/** `pid` and every descendant still running (Linux), else just `pid`. */
export function processTree(pid: number): number[] {
  if (!IS_LINUX) return [pid];
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const list = parents.get(ppid) ?? [];
      list.push(Number(entry));
      parents.set(ppid, list);
    } catch {
      // the process ended while we looked
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) tree.push(...(parents.get(tree[i]!) ?? []));
  return tree;
}

/** CPU seconds (user + system) used so far by `pid` and its children, or null off Linux. */
export function cpuSeconds(pid: number): number | null {
  if (!IS_LINUX) return null;
  let ticks = 0;
  for (const id of processTree(pid)) {
    try {
      const stat = readFileSync(`/proc/${id}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
    } catch {
      // gone
    }
  }
  return ticks / CLOCK_TICKS_PER_SECOND;
}

/** Resident memory in MB of `pid` alone (VmRSS), or null off Linux. */
export function rssMegabytes(pid: number): number | null {
  if (!IS_LINUX) return null;
  try {
    return rssOf(pid) / (1024 * 1024);
  } catch {
    return null;
  }
}
