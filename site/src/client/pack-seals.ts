/**
 * The seals of a demo pack's jobs, asked of the service before the pack may replace everything
 * (D20, D27): a pack's own figures are checked offline when it is read (pack.ts, figures.ts), but
 * a sealed job edited with its receipt to match adds up, and only the service can say its seal no
 * longer holds. One check per sealed job (client/seal-check.ts: validate, or verify for a settled
 * job), none when the pack holds none; a seal of an older version's form asks nothing and is no
 * warning (such packs still open, D27). The jobs whose seal does not hold are named in the
 * question, which then asks for "Import anyway" (demo-pack.ts).
 */

import type { EscrowApi, JobRecord } from "../../../client/index.ts";
import { checkSeal } from "../../../client/seal-check.ts";
import { isSealed } from "../../../shared/client-state/signed-members.ts";
import { credits } from "./dom.ts";

/** The sealed jobs of a pack whose seal the service says does not hold, and those it could not check. */
export interface PackSeals {
  changed: JobRecord[];
  unchecked: JobRecord[];
}

/** Asks the service behind `api` about the seal of each sealed job of `jobs`, all at once. */
export async function packSeals(jobs: readonly JobRecord[], api: EscrowApi): Promise<PackSeals> {
  const sealed = jobs.filter(isSealed);
  const verdicts = await Promise.all(sealed.map((job) => checkSeal(api, job)));
  const changed = sealed.filter((_, i) => {
    const verdict = verdicts[i]!;
    return verdict.ok && verdict.seal_valid === false && !verdict.older;
  });
  return { changed, unchecked: sealed.filter((_, i) => !verdicts[i]!.ok) };
}

const named = (jobs: readonly JobRecord[]): string => jobs.map((job) => `"${job.title}" (${job.id})`).join(", ");
const count = (n: number): string => `${credits(n)} job${n === 1 ? "" : "s"}`;

/** What the question adds about the seals, or "" when each holds (or none was asked about). */
export function sealsWarning({ changed, unchecked }: PackSeals): string {
  const said: string[] = [];
  if (changed.length > 0)
    said.push(
      `The service says the seal of ${count(changed.length)} does not hold: ${named(changed)}. ` +
        "Something in them was changed after the service sealed them, or another service sealed them; " +
        "import the pack only if you trust where the file came from.",
    );
  if (unchecked.length > 0)
    said.push(`The seal of ${count(unchecked.length)} could not be checked (the service did not answer).`);
  return said.join(" ");
}
