/**
 * The service's messages in the page's own words, under happy-dom: every
 * invalid_field message of a field the page labels names the label, never the API field; times
 * read in the page's date format; large numbers are grouped as credits are; prose words that are
 * also field names stay. Driven from the tables (fields.ts, field-messages.ts, field-labels.ts).
 */
import { describe, expect, test } from "bun:test";
import { Window } from "happy-dom";
import { toAnswer } from "../../client/answer.ts";
import { EscrowKeeper, httpApi, localApi, openLink, readPackText, verifyReceipt } from "../../client/index.ts";
import { decodeToken } from "../../scripts/harness/ui-links.ts";
import { INVALID_FIELD_MESSAGES } from "../../shared/documents/field-messages.ts";
import { LIMITS } from "../../shared/protocol/constants.ts";
import { ERROR_CATALOG } from "../../shared/protocol/errors.ts";
import { FIELD_NAMES, namesOf } from "../../shared/protocol/fields.ts";
import { FIELD_LABELS, type LabelledField } from "../../site/src/client/field-labels.ts";
import { pageWords } from "../../site/src/client/page-words.ts";
import { createStore, STORAGE_KEYS } from "../../site/src/client/store.ts";
import { whenToSecond } from "../../site/src/client/view-parts.ts";
import { RECEIPTS } from "../support/fixtures.ts";
import { useHappyDocument } from "../support/happy-document.ts";

useHappyDocument();

const labelled = FIELD_NAMES.filter((name): name is LabelledField => name in FIELD_LABELS);
/** Any API name of a labelled field, standing alone. */
const apiName = (field: LabelledField) => new RegExp(`(?<![\\w.])(${namesOf(field).join("|")})(?!\\w)`);

describe("pageWords", () => {
  test.each(labelled)("says %s's rule message with the page's label", (field) => {
    const said = pageWords(INVALID_FIELD_MESSAGES[field]!);
    expect(said.startsWith(FIELD_LABELS[field])).toBe(true);
    if (field !== "title" && field !== "amount" && field !== "criteria" && field !== "terminal")
      expect(said).not.toMatch(apiName(field));
  });

  test("says the hold's bound in the page's date format, not as ISO-8601", () => {
    const said = pageWords(INVALID_FIELD_MESSAGES["ttl_seconds (past year 9999)"]!);
    expect(said).toBe(
      `Hold seconds must be a whole number of at least 1 that ends the hold by ${whenToSecond(LIMITS.expiresAtMax)}.`,
    );
    expect(said).toContain("31 Dec 9999, 23:59:59 UTC");
  });

  test("says a state refusal's balance and time as the page does", () => {
    expect(pageWords("Need 2000 credits to fund. payer_credits is 1000.")).toBe(
      "Need 2,000 credits to fund. Payer credits are 1,000.",
    );
    expect(
      pageWords("Cannot release after expiresAt. The hold ended at 2026-01-01T00:10:00.000Z. Dispute remains allowed."),
    ).toBe("Cannot release after the hold ends. The hold ended at 1 Jan 2026, 00:10:00 UTC. Dispute remains allowed.");
  });

  test("groups the integer bound exactly, digit for digit", () => {
    expect(pageWords(`amount must be an integer <= ${LIMITS.integerMax}.`)).toBe(
      "Amount must be a whole number of at most 9,007,199,254,740,991.",
    );
    expect(pageWords("12345678901234567890123")).toBe("12,345,678,901,234,567,890,123");
  });

  test("leaves ids and prose as they are", () => {
    expect(pageWords("No job as_0123456789 is held here.")).toBe("No job as_0123456789 is held here.");
    expect(pageWords("Fund holds the amount in escrow; the title stays.")).toBe(
      "Fund holds the amount in escrow; the title stays.",
    );
    // A member's path reads as words.
    expect(pageWords("job.title must be a string of 1 to 80 characters.")).toBe(
      "The job's title must be a string of 1 to 80 characters.",
    );
  });

  test("takes a form's own label over the table's", () => {
    const said = pageWords("proof_url must be a non-empty string.", (f) =>
      f === "proof_url" ? "Simulated proof URL" : undefined,
    );
    expect(said).toBe("Simulated proof URL must be a non-empty string.");
  });
});

/** Words a person should not meet: formats, header and member names, patterns, paths. */
const DEVELOPER_WORDS =
  /JWS|JWKS|JSON|base64|WebCrypto|Retry-After|key_optional|typ |#handoff|\/api\/|\^|\[\d+\]|\b[a-z]+_[a-z_]+\b|\b(job|receipt)\.\w/;

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const jws = (header: object) => `${b64(header)}.${b64({})}.c2ln`;

/** The messages the page can show about links, packs, storage, signatures and the service, made for real. */
async function realMessages(): Promise<[string, string][]> {
  const keeper = new EscrowKeeper(localApi());
  const made = await keeper.create({ title: "T", amount: 100, criteria: "c" });
  if (!made.ok) throw new Error(made.message);
  const link = keeper.handoffLink(made.job.id, "http://x/");
  if (!link.ok) throw new Error(link.message);
  const short = decodeToken(link.link.split("#handoff/")[1]!).job;
  const pack = JSON.parse(keeper.exportPack());
  const links: [string, string][] = [
    ["no token", "hello"],
    ["not base64url", "h1.@@@"],
    ["not JSON", `h1.${Buffer.from("{not").toString("base64url")}`],
    ["no object", `h1.${b64([1])}`],
    ["a bad seal", `h1.${b64({ v: 1, job: { ...short, se: "xyz" } })}`],
    ["a bad title", `h1.${b64({ v: 1, job: { ...short, t: "" } })}`],
    ["a bad receipt id", `r1.${b64({ v: 1, x: 1 })}`],
  ];
  const packs: [string, string][] = [
    ["not JSON", "{"],
    ["an array", "[]"],
    ["a bad agent balance", JSON.stringify({ ...pack, agent_credits: "x" })],
    ["a bad job id", JSON.stringify({ ...pack, jobs: [{ ...pack.jobs[0], id: "x" }] })],
    ["a bad activity kind", JSON.stringify({ ...pack, activity: [{ kind: "zz" }] })],
    ["a stray received job", JSON.stringify({ ...pack, received_jobs: ["as_0000000000"] })],
  ];
  const storage = new Window().localStorage;
  storage.setItem(STORAGE_KEYS.state, "{not json");
  const receipt = RECEIPTS.released as object;
  const signatures = [7, jws({ alg: "EdDSA" }), jws({ alg: "HS256", kid: "k", typ: "JWT" })];
  const verdicts = await Promise.all(
    signatures.map((signature) => verifyReceipt({ ...receipt, signature }, { keys: [] })),
  );
  return [
    ...links.map(([name, text]): [string, string] => [`a link with ${name}`, messageOf(openLink(text))]),
    ...packs.map(([name, text]): [string, string] => [`a pack with ${name}`, messageOf(readPackText(text))]),
    ["unreadable storage", createStore(storage).load().notice ?? ""],
    ...verdicts.map((verdict, i): [string, string] => [`signature ${i + 1}`, messageOf(verdict)]),
    ["a rate limit", ERROR_CATALOG.rate_limited.message],
    ...(await unreachable()),
    ["a proxy's page", messageOf(toAnswer({ status: 502, json: undefined }))],
  ];
}

/** What the client says when no service answers, at this page's origin and at another API base. */
async function unreachable(): Promise<[string, string][]> {
  const fail = () => Promise.reject(new TypeError("Failed to fetch"));
  return Promise.all(
    ["", "https://escrow.example.org"].map(async (baseUrl): Promise<[string, string]> => {
      const answer = await httpApi({ baseUrl, fetch: fail }).quote({ action: "create" } as never);
      return [`no answer at "${baseUrl}"`, messageOf(answer)];
    }),
  );
}

const messageOf = (result: { ok: boolean; message?: string }): string => {
  if (result.ok || result.message === undefined) throw new Error("expected a refusal");
  return result.message;
};

describe("developer words", () => {
  test("no message about a link, a pack, storage, a signature or the service shows one", async () => {
    const table = await realMessages();
    for (const [, message] of table) expect(message.length).toBeGreaterThan(0);
    const shown = table.map(([name, message]) => [name, pageWords(message)]);
    expect(shown.filter(([, said]) => DEVELOPER_WORDS.test(said!))).toEqual([]);
  });

  test("says a few of them as a person reads them", () => {
    expect(pageWords("This handoff link cannot be opened: its content is not JSON (it may be cut short).")).toBe(
      "This handoff link cannot be opened: its content cannot be read (it may be cut short).",
    );
    expect(pageWords("Not a demo pack: jobs[0]: job.id must match ^as_[0-9a-f]{10}$. Nothing changed.")).toBe(
      "Not a demo pack: job 1's id must be a job id (as_ and 10 characters from 0-9 and a-f). Nothing changed.",
    );
    expect(pageWords("job.seal must be the seal the service gave: a detached compact JWS (header..signature).")).toBe(
      "The job's seal must be the seal the service gave.",
    );
    expect(pageWords(ERROR_CATALOG.rate_limited.message)).toBe(
      "Too many requests from this client. Try again in a minute.",
    );
  });

  test("says where the service could not be reached as a person would: its address at most, no path (issue 41, finding 13)", async () => {
    const [[, here], [, there]] = (await unreachable()) as [[string, string], [string, string]];
    expect(pageWords(here)).toBe(
      "Could not reach the service at this page's address. Check the API base URL and your connection.",
    );
    expect(pageWords(there)).toBe(
      "Could not reach the service at https://escrow.example.org. Check the API base URL and your connection.",
    );
  });

  test("the storage notice says the saved record, not a file", () => {
    const storage = new Window().localStorage;
    storage.setItem(STORAGE_KEYS.state, "{not json");
    const notice = createStore(storage).load().notice ?? "";
    expect(pageWords(notice)).toContain("(the saved record cannot be read)");
    expect(notice).not.toContain("the file");
  });
});
