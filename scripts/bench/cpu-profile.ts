/**
 * Reading a V8 CPU profile (a .cpuprofile, as Bun's `--cpu-prof` and the inspector's
 * `Profiler.stop` give it): samples per function, by itself and with its callees, and the
 * heaviest of them as lines for a report. Used by profile.ts (Bun) and workerd-profile.ts.
 */
import { ROOT } from "./servers.ts";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

/** A V8 CPU profile's parts these reports read. */
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
}

/** Samples per function in `profile`: by itself (self) and with its callees (total). */
export function samplesByFunction(profile: CpuProfile): {
  samples: number;
  self: Map<string, number>;
  total: Map<string, number>;
} {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const nameOf = ({ callFrame: f }: ProfileNode): string =>
    `${f.functionName || "(anonymous)"}${f.url ? ` ${f.url.replace(`file://${ROOT}`, "")}:${f.lineNumber + 1}` : ""}`;
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  for (const id of profile.samples) {
    const leaf = nameOf(nodes.get(id)!);
    self.set(leaf, (self.get(leaf) ?? 0) + 1);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
      const name = nameOf(nodes.get(at)!);
      if (!seen.has(name)) total.set(name, (total.get(name) ?? 0) + 1);
      seen.add(name);
    }
  }
  return { samples: profile.samples.length, self, total };
}

/** The `n` heaviest of `counts`, as lines: the share of `samples`, then the function. */
export const top = (counts: Map<string, number>, samples: number, n: number): string[] =>
  [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, count]) => `  ${((100 * count) / samples).toFixed(1).padStart(5)} %  ${name}`);
