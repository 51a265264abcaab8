/**
 * The job's time stamps (D4), one row each, spread into the job table (job-members.ts) after
 * status: when it was created, funded, submitted and resolved (released or disputed). Each is
 * stamped with the request's time by the actions its row names (`stampedOn`); all but createdAt
 * are null until then.
 */
import type { JobMemberRow } from "./job-member-row.ts";
import { dateTime, optionalStamp } from "./rules.ts";

/** The job's stamps, in SETTLEMENT.md's order. */
export const JOB_STAMP_MEMBERS = {
  createdAt: {
    rule: dateTime("job.createdAt", false),
    required: true,
    aliases: ["created_at"],
    kind: "stamp",
    stampedOn: ["create"],
    link: "ca",
    text: "Date-time (toISOString form).",
  },
  fundedAt: {
    rule: optionalStamp("job.fundedAt"),
    required: false,
    aliases: ["funded_at"],
    kind: "stamp",
    initial: null,
    stampedOn: ["fund"],
    link: "fa",
    text: "Date-time, null until fund.",
  },
  submittedAt: {
    rule: optionalStamp("job.submittedAt"),
    required: false,
    aliases: ["submitted_at"],
    kind: "stamp",
    initial: null,
    stampedOn: ["submit"],
    link: "sa",
    text: "Date-time, null until submit.",
  },
  resolvedAt: {
    rule: optionalStamp("job.resolvedAt"),
    required: false,
    aliases: ["resolved_at"],
    kind: "stamp",
    initial: null,
    stampedOn: ["release", "dispute"],
    link: "ra",
    text: "Date-time, null until release or dispute.",
  },
} as const satisfies Record<string, JobMemberRow>;
