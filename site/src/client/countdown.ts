/**
 * A funded job's hold (expiresAt, set at fund from expires_at or ttl_seconds): when it
 * ends, counting down each second, and what its end changes: release is refused after it
 * (hold_expired); proof may still be submitted, and a dispute needs it. The count is a
 * role="timer" (not read out each second); when a hold ends the page refreshes, so the job's
 * state line says what is left (job-status.ts) and the release quote is asked again.
 */
import type { JobRecord } from "../../../client/index.ts";
import { credits, h } from "./dom.ts";
import { tickWait } from "./service-wait.ts";
import { when, whenToSecond } from "./view-parts.ts";

/**
 * A length of time as people read it, to the second under an hour: "9 min 58 s", "2 h 5 min",
 * "3 d 4 h"; from 30 days in days ("45 d"), from a year in whole years ("3,168 years").
 */
export function duration(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const [d, hr, min, sec] = [Math.floor(s / 86400), Math.floor(s / 3600) % 24, Math.floor(s / 60) % 60, s % 60];
  const years = Math.floor(d / 365.25);
  if (years > 0) return years === 1 ? "1 year" : `${credits(years)} years`;
  if (d >= 30) return `${credits(d)} d`;
  if (d > 0) return `${d} d ${hr} h`;
  if (hr > 0) return `${hr} h ${min} min`;
  return min > 0 ? `${min} min ${sec} s` : `${sec} s`;
}

/** True when the hold ending at `expiresAt` has ended at `now` (release is refused from then on). */
export const holdEnded = (expiresAt: string, now: number): boolean => Date.parse(expiresAt) <= now;

/** The count of the hold ending at `expiresAt` at `now`: what is left, or how long ago it ended. */
export function holdText(expiresAt: string, now: number): string {
  const left = Date.parse(expiresAt) - now;
  return left > 0 ? `${duration(left)} left.` : `Ended ${duration(-left)} ago.`;
}

/** Under this, a hold's end is shown to the second: a hold this short, or an end this close to now. */
const SHORT_HOLD_MS = 10 * 60 * 1000;

/** The end of `job`'s hold as people read it: to the second for a short hold or a close end, else to the minute. */
export function holdEnd(job: JobRecord, now: number): string {
  const end = Date.parse(job.expiresAt ?? "");
  const length = job.fundedAt ? end - Date.parse(job.fundedAt) : Number.POSITIVE_INFINITY;
  return length < SHORT_HOLD_MS || Math.abs(end - now) < SHORT_HOLD_MS
    ? whenToSecond(job.expiresAt)
    : when(job.expiresAt);
}

/** The hold line of a job that has one and is not settled yet, counting down; null otherwise. */
export function holdNote(job: JobRecord, now: number): HTMLElement | null {
  const expires = job.expiresAt;
  if (!expires || (job.status !== "funded" && job.status !== "submitted")) return null;
  const ended = holdEnded(expires, now);
  return h(
    "p",
    { class: ended ? "hold ended" : "hold" },
    h("span", { class: "muted" }, "Hold ends: "),
    h("time", { datetime: expires }, holdEnd(job, now)),
    ". ",
    h("span", { role: "timer", "data-expires": expires, "data-ended": String(ended) }, holdText(expires, now)),
    // Once it ends, the state line says what is left; until then, what its end changes.
    ended ? null : " After it, release is refused: once proof is in, only Dispute is left.",
  );
}

/**
 * Updates every hold countdown and the service's wait (service-wait.ts) each second; `onEnded`
 * runs when one of them passes its end.
 */
export function startCountdowns(onEnded: () => void): void {
  setInterval(() => {
    const now = Date.now();
    let ended = tickWait(now);
    for (const timer of document.querySelectorAll<HTMLElement>("[data-expires]")) {
      const expires = timer.dataset.expires ?? "";
      if (holdEnded(expires, now) && timer.dataset.ended !== "true") ended = true;
      timer.textContent = holdText(expires, now);
    }
    if (ended) onEnded();
  }, 1000);
}
