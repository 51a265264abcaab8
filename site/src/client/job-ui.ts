/**
 * What the job list shows besides the state and view-state.ts, page-only (never stored): the
 * jobs whose Dispute was chosen (its reason and Confirm dispute show), whose criteria are shown in
 * full, whose removal is being asked, and the status filter of the list.
 */
import type { JobRecord } from "../../../client/index.ts";

/** The filter of "Show jobs": all, one status, or settled (released or disputed). */
export type JobFilter = "all" | "open" | "funded" | "submitted" | "settled";

export const jobUi = {
  disputing: new Set<string>(),
  expanded: new Set<string>(),
  removing: new Set<string>(),
  filter: "all" as JobFilter,
};

/** True when `job` shows under `filter`. */
export const shows = (job: JobRecord, filter: JobFilter): boolean =>
  filter === "all" ||
  job.status === filter ||
  (filter === "settled" && (job.status === "released" || job.status === "disputed"));
