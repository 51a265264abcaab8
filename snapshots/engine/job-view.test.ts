/**
 * The job in response form (D10), made from the job table (shared/engine/job.ts): every member of
 * the table in its order, each left out when unset, and nothing else the job holds.
 */
import { describe, expect, test } from "bun:test";
import { jobView } from "../../shared/engine/job.ts";
import { JOB_MEMBER_NAMES, type Job } from "../../shared/protocol/job-members.ts";

/** A job with every member set to a value of its own. */
const full = Object.fromEntries(JOB_MEMBER_NAMES.map((member, i) => [member, `value ${i}`])) as unknown as Job;

describe("jobView", () => {
  test("writes every member of the table, in the table's order", () => {
    const view = jobView(full);
    expect(Object.keys(view)).toEqual(JOB_MEMBER_NAMES);
    expect(Object.values(view)).toEqual(JOB_MEMBER_NAMES.map((_, i) => `value ${i}`));
  });

  test.each(JOB_MEMBER_NAMES)("leaves %s out when it is not set, and only it", (member) => {
    const job = { ...full, [member]: undefined } as Job;
    expect(Object.keys(jobView(job))).toEqual(JOB_MEMBER_NAMES.filter((name) => name !== member));
  });

  test("writes nothing but the table's members, whatever else the job holds", () => {
    expect(Object.keys(jobView({ ...full, seal: "x", extra: 1 } as Job))).toEqual(JOB_MEMBER_NAMES);
  });

  test("gives a new object each time", () => {
    expect(jobView(full)).not.toBe(jobView(full));
  });
});
