/**
 * A job under a valid seal is read as the service wrote it (D27, shared/engine/job-seal.ts),
 * without asking each member's rule again: what the engine reads must be exactly what reading it
 * member by member (seals unchecked) gives, for every member the service writes, set or unset,
 * and for a job sent back with its unset members as null (D2); its verdict comes out of the read
 * beside it (`jobSeal`). Anything else the seal does not cover is read member by member.
 */
import { describe, expect, test } from "bun:test";
import { readActionBody } from "../../shared/engine/action-body.ts";
import { apply } from "../../shared/engine/apply.ts";
import { committedJob, sealPolicy } from "../../shared/engine/sealing.ts";
import { JOB_MEMBER_NAMES } from "../../shared/protocol/job-members.ts";
import { DEMO_NETWORK } from "../../shared/x402/demo-network.ts";
import { CREATE, call, NOW, PROOF_URL } from "../support/helpers.ts";
import { sealed } from "../support/sealed.ts";

type Body = Record<string, any>;
const ctx = sealed();
const step = (body: Body): Body => call("transition", body, {}, ctx).body as Body;

/** Sealed jobs in every status, with every member the service writes set in some of them. */
function sealedJobs(): Body[] {
  const bare = step({ action: "create", ...CREATE }).job;
  const full = step({
    action: "create",
    ...CREATE,
    client_ref: "order 7",
    callback_url: "https://example.com/hook",
  }).job;
  const jobs: Body[] = [bare, full];
  for (const open of [bare, full]) {
    const funded = step({ action: "fund", job: open, payer_credits: 1000, ttl_seconds: 3600 }).job;
    const fundedNoHold = step({ action: "fund", job: open, payer_credits: 1000 }).job;
    const submitted = step({ action: "submit", job: funded, proof_url: PROOF_URL, proof_note: "see the summary" }).job;
    const released = step({ action: "release", job: submitted, release_note: "Looks good" }).job;
    const disputed = step({ action: "dispute", job: submitted, dispute_reason: "Two bullet points" }).job;
    jobs.push(funded, fundedNoHold, submitted, released, disputed);
  }
  // Funded over x402 (D30): the engine's fund writes the payment, as POST /api/v0/x402/fund has it do.
  const x402 = step({ action: "submit", job: x402Funded(full), proof_url: PROOF_URL }).job;
  jobs.push(x402, step({ action: "release", job: x402 }).job);
  return jobs;
}

/** `open` funded as the x402 fund funds it: the engine's fund with a payment, sealed. */
function x402Funded(open: Body): Body {
  const read = readActionBody({ action: "fund", job: open, payer_credits: 1000 }, new Headers(), NOW, undefined);
  if (!read.ok) throw new Error(`not read: ${JSON.stringify(read)}`);
  const x402 = { payer: `${DEMO_NETWORK}:0x${"aB".repeat(20)}`, payment: `0x${"cd".repeat(32)}` };
  return committedJob(apply({ ...read.value, x402 }, NOW).job, ctx.sealing, true);
}

/** `job` as OpenAI's strict mode sends it back: every member of the table, the unset ones null (D2). */
function withNulls(job: Body): Body {
  const { seal, ...members } = job;
  const all: Body = {};
  for (const name of JOB_MEMBER_NAMES) all[name] = members[name] ?? null;
  return { ...all, seal };
}

/** What the engine reads of `job` in a release body (its state is judged later), with seals checked or not. */
function read(job: Body, checked: boolean) {
  const policy = checked ? sealPolicy(ctx.sealing, "commit") : undefined;
  const result = readActionBody({ action: "release", job }, new Headers(), NOW, policy);
  if (!result.ok || result.value.action !== "release") throw new Error(`not read: ${JSON.stringify(result)}`);
  return result.value;
}

describe("a job under a valid seal is read as written", () => {
  const jobs = sealedJobs();

  test("the jobs cover every member and every status", () => {
    const members = new Set(jobs.flatMap((job) => Object.keys(job)));
    expect([...members].sort()).toEqual([...JOB_MEMBER_NAMES, "seal"].sort());
    expect(new Set(jobs.map((job) => job.status))).toEqual(
      new Set(["open", "funded", "submitted", "released", "disputed"]),
    );
  });

  test.each(jobs.flatMap((job) => [job, withNulls(job)]).map((job, i) => [i, job] as const))(
    "job %d: the same job as read member by member, its seal valid",
    (_, job) => {
      const checked = read(job, true);
      const unchecked = read(job, false);
      expect(checked.jobSeal).toBe("valid");
      expect(unchecked.jobSeal).toBeUndefined();
      expect(checked.job).toStrictEqual(unchecked.job);
      expect(Object.keys(checked.job)).toEqual(Object.keys(unchecked.job));
    },
  );

  test("a job whose seal does not hold is read member by member: its rules still refuse", () => {
    const [job] = jobs;
    const edited = { ...job, title: "" };
    const result = readActionBody(
      { action: "fund", job: edited, payer_credits: 1000 },
      new Headers(),
      NOW,
      sealPolicy(ctx.sealing, "commit"),
    );
    expect(result).toMatchObject({ ok: false, errors: [{ error: "invalid_field", field: "job.title" }] });
  });
});
