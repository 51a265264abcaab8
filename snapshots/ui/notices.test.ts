/**
 * Errors by their control, under happy-dom: errorBy puts a role="alert" line
 * by the control, which it describes (keeping what described it before) and marks invalid;
 * clearErrors takes it all away again, within a scope when given; a new error empties the status
 * line's last success. And the labels the messages use
 * for a job's fields are the labels its item shows (field-labels.ts against job-item.ts).
 */
import { describe, expect, test } from "bun:test";
import type { JobRecord, JobStatus } from "../../client/index.ts";
import { FIELD_LABELS } from "../../site/src/client/field-labels.ts";
import { type JobView, jobItem } from "../../site/src/client/job-item.ts";
import { alertPage, clearErrors, errorBy, showError, statusPage } from "../../site/src/client/notices.ts";
import { JOBS } from "../support/fixtures.ts";
import { useHappyDocument } from "../support/happy-document.ts";

const window = useHappyDocument();

function page(): void {
  window.document.body.innerHTML = `
    <p id="page-alert" role="alert" hidden></p>
    <p id="page-status" role="status"></p>
    <form id="create-form"><div class="field"><label for="title">Title</label>
      <input id="title" aria-describedby="title-count" /><small id="title-count">0/80</small></div>
      <details><summary>More options</summary><div class="field"><label for="client-ref">Client reference</label><input id="client-ref" /></div></details>
      <p id="create-error" role="alert" hidden></p></form>
    <form id="topup-form" class="topup"><div class="field"><label for="topup-amount">Top up amount</label><input id="topup-amount" /></div><button>Top up</button></form>
    <div class="row"><button id="import-pack">Import demo pack</button></div>`;
}
const $ = (id: string) => window.document.getElementById(id) as unknown as HTMLElement;

describe("errorBy and clearErrors", () => {
  test("an error by a field: in its box, describing it after what described it before, marked invalid", () => {
    page();
    errorBy($("title"), "title must be a string of 1 to 80 characters.");
    const note = $("title-error");
    expect(note.getAttribute("role")).toBe("alert");
    expect(note.textContent).toBe("Title must be a string of 1 to 80 characters.");
    expect(note.parentElement).toBe($("title").parentElement);
    expect($("title").getAttribute("aria-describedby")).toBe("title-count title-error");
    expect($("title").getAttribute("aria-invalid")).toBe("true");
  });

  test("a field in a row of controls gets its error right after the row; a button, after its row, not marked invalid", () => {
    page();
    errorBy($("topup-amount"), "Top up amount must be a whole number from 1 to 1,000,000.");
    expect($("topup-form").nextElementSibling).toBe($("topup-amount-error"));
    errorBy($("import-pack"), "Not a demo pack. Nothing changed.");
    expect($("import-pack").parentElement?.nextElementSibling).toBe($("import-pack-error"));
    expect($("import-pack").getAttribute("aria-invalid")).toBeNull();
    expect($("import-pack").getAttribute("aria-describedby")).toBe("import-pack-error");
  });

  test("a field under a closed <details> opens it", () => {
    page();
    errorBy($("client-ref"), "client_ref must be a string of 1 to 128 characters.");
    expect((window.document.querySelector("details") as unknown as HTMLDetailsElement).open).toBe(true);
    expect($("client-ref-error").textContent).toStartWith("Client reference must be");
  });

  test("a second error on the same control replaces the first", () => {
    page();
    errorBy($("topup-amount"), "one");
    errorBy($("topup-amount"), "two");
    expect(window.document.querySelectorAll("[data-error-for]")).toHaveLength(1);
    expect($("topup-amount").getAttribute("aria-describedby")).toBe("topup-amount-error");
  });

  test("a new error takes the last success's place in the status line; an error drawn again leaves it (finding 10)", () => {
    page();
    statusPage("Created the job.");
    showError($("title"), "title must be a non-empty string.");
    expect($("page-status").textContent).toBe("Created the job.");
    errorBy($("topup-amount"), "Top up amount must be a whole number from 1 to 1,000,000.");
    expect($("page-status").textContent).toBe("");
    statusPage("Created the job.");
    alertPage("A bad link.");
    expect($("page-status").textContent).toBe("");
  });

  test("clearErrors within the create form leaves the top-up's; without a scope takes every one", () => {
    page();
    errorBy($("title"), "title must be a non-empty string.");
    errorBy($("topup-amount"), "Top up amount must be a whole number from 1 to 1,000,000.");
    $("create-error").hidden = false;
    $("create-error").textContent = "Need 2,000 credits to fund.";
    clearErrors($("create-form"));
    expect($("title-error")).toBeNull();
    expect($("title").getAttribute("aria-describedby")).toBe("title-count");
    expect($("title").getAttribute("aria-invalid")).toBeNull();
    expect($("create-error").hidden).toBe(true);
    expect($("topup-amount-error")).not.toBeNull();
    $("page-alert").hidden = false;
    $("page-alert").textContent = "A bad link.";
    clearErrors();
    expect(window.document.querySelectorAll("[data-error-for]")).toHaveLength(0);
    expect($("topup-amount").hasAttribute("aria-invalid")).toBe(false);
    expect($("topup-amount").hasAttribute("aria-describedby")).toBe(false);
    expect($("page-alert").hidden).toBe(true);
  });
});

describe("the labels the messages use for a job's fields", () => {
  const jobs = JOBS as unknown as Record<JobStatus, JobRecord>;
  // Dispute reason shows once Dispute is chosen: both views are read.
  const labelsOf = (status: JobStatus, disputing = false) => {
    const view: JobView = {
      job: jobs[status],
      quotes: {},
      payerCredits: 1000,
      busy: false,
      draft: () => "",
      now: 0,
      received: false,
      disputing,
    };
    return [...jobItem(view).querySelectorAll("label")].map((l) => l.textContent);
  };

  test.each([
    ["open", ["ttl_seconds"]],
    ["funded", ["proof_url", "proof_note"]],
    ["submitted", ["release_note", "dispute_reason"]],
  ] as const)("are the labels a %s job's item shows", (status, fields) => {
    const shown = [...labelsOf(status), ...labelsOf(status, true)];
    for (const field of fields) expect(shown).toContain(FIELD_LABELS[field]);
  });
});
