/**
 * The web UI's seal and signature badges (issue 25, D27) under happy-dom: a job sealed and a
 * receipt signed by the engine with a test signer, checked against its JWKS, and the same ones
 * changed; what each verification means for the badge; the JWKS fetched once per API base, and a
 * missing or broken JWKS saying the check could not be made; the badges in the receipt item, the
 * shared panel and a handed-off job item, their text escaped. The browser suites drive the same
 * badges in Chromium against the live service.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import type { JobRecord, ReceiptRecord, Verification } from "../../client/index.ts";
import * as verify from "../../client/verify.ts";
import { freshState } from "../../shared/client-state/pack.ts";
import type { EngineContext } from "../../shared/engine/context.ts";
import { jobItem } from "../../site/src/client/job-item.ts";
import { receiptItem } from "../../site/src/client/receipt-item.ts";
import { SEAL_BADGES, sealBadge } from "../../site/src/client/seal-badge.ts";
import {
  checkOf,
  createSealBook,
  fetchJwks,
  jwksUrl,
  type SealBook,
  type SealCheck,
  type SealCheckSources,
  type SealKind,
} from "../../site/src/client/seal-checks.ts";
import { sharedPanel } from "../../site/src/client/shared-panel.ts";
import { useHappyDocument } from "../support/happy-document.ts";
import { CREATE, call, fixedContext, PROOF_URL } from "../support/helpers.ts";
import { testSigner } from "../support/signer.ts";

const _window = useHappyDocument();

const SIGNER = testSigner();
const JWKS = { keys: SIGNER.keys };
const FOREIGN = { keys: testSigner().keys };

type Body = Record<string, any>;

/** A walk on the engine with the test signer: the funded job sealed, the released receipt signed. */
function sealedWalk() {
  const ctx: EngineContext = { ...fixedContext(), sealing: { mode: "on", signer: SIGNER } };
  const step = (body: Body) => call("transition", body, {}, ctx).body as Body;
  const created = step({ action: "create", ...CREATE });
  const funded = step({ action: "fund", job: created.job, payer_credits: 1000 });
  const submitted = step({ action: "submit", job: funded.job, proof_url: PROOF_URL });
  const released = step({ action: "release", job: submitted.job });
  return { funded: funded.job as JobRecord, receipt: released.receipt as ReceiptRecord };
}

const { funded, receipt } = sealedWalk();
const { seal: _, ...unsealed } = funded;
const { signature: __, ...unsigned } = receipt;
const changedJob = { ...funded, amount: funded.amount + 1 };
const changedReceipt = { ...receipt, agent_payout: receipt.agent_payout + 1 };

/** Sources over `jwks` (null: it cannot be had) that count the JWKS requests. */
function sources(jwks: { keys: readonly object[] } | null) {
  const asked: string[] = [];
  const over: SealCheckSources = {
    jwks: async (base) => {
      asked.push(base);
      return jwks as never;
    },
    verifier: async () => verify,
  };
  return { asked, over };
}

/** The check of `value` in `book` once it settled. */
async function settled(book: SealBook, kind: SealKind, value: object, base = ""): Promise<SealCheck> {
  let done: () => void = () => {};
  const arrived = new Promise<void>((resolve) => {
    done = resolve;
  });
  book.request([{ kind, value }], base, done);
  if (book.get(kind, value, base).state === "pending") await arrived;
  return book.get(kind, value, base);
}

describe("what a verification means for the badge", () => {
  test.each([
    [{ ok: true, kid: "k1" }, "valid"],
    [{ ok: false, reason: "missing", message: "m" }, "missing"],
    [{ ok: false, reason: "unsupported", message: "m" }, "unchecked"],
    [{ ok: false, reason: "unknown_key", message: "m" }, "invalid"],
    [{ ok: false, reason: "bad_signature", message: "m" }, "invalid"],
    [{ ok: false, reason: "payload_differs", message: "m" }, "invalid"],
    [{ ok: false, reason: "not_a_job", message: "m" }, "invalid"],
  ] as [Verification, SealCheck["state"]][])("%o is %s", (verification, state) => {
    expect(checkOf(verification).state).toBe(state);
  });
});

describe("the seal and signature checks against the service's JWKS", () => {
  test.each([
    ["a sealed job", "valid", "seal", funded],
    ["a sealed job with a changed amount", "invalid", "seal", changedJob],
    ["a job without a seal", "missing", "seal", unsealed],
    ["a signed receipt", "valid", "signature", receipt],
    ["a signed receipt with a changed payout", "invalid", "signature", changedReceipt],
    ["a receipt without a signature", "missing", "signature", unsigned],
  ] as const)("checks %s as %s", async (_name, state, kind, value) => {
    const book = createSealBook(sources(JWKS).over);
    const check = await settled(book, kind, value);
    expect(check.state).toBe(state);
    if (check.state === "valid") expect(check.kid).toBe(SIGNER.kid);
  });

  test("says a seal made with another service's key does not match", async () => {
    const check = await settled(createSealBook(sources(FOREIGN).over), "seal", funded);
    expect(check).toEqual({ state: "invalid", message: "The job's seal was made with a key the JWKS does not hold." });
  });

  test("says it could not check when the JWKS cannot be had, and asks again on the next check", async () => {
    const { asked, over } = sources(null);
    const book = createSealBook(over);
    expect((await settled(book, "signature", receipt)).state).toBe("unchecked");
    expect((await settled(book, "seal", funded)).state).toBe("unchecked");
    expect(asked).toEqual(["", ""]);
  });

  test("says it could not check when the checking code does not load", async () => {
    const book = createSealBook({ jwks: async () => JWKS, verifier: () => Promise.reject(new Error("offline")) });
    expect(await settled(book, "seal", funded)).toEqual({
      state: "unchecked",
      message: "The checking code could not be loaded.",
    });
  });

  test("fetches the JWKS once per API base and checks nothing unsigned", async () => {
    const { asked, over } = sources(JWKS);
    const book = createSealBook(over);
    await settled(book, "seal", unsealed);
    expect(asked).toEqual([]);
    await settled(book, "seal", funded);
    await settled(book, "signature", receipt);
    await settled(book, "signature", receipt, "https://escrow.example");
    expect(asked).toEqual(["", "https://escrow.example"]);
  });

  test("is pending until the check settles, and forgets every check on clear", async () => {
    const book = createSealBook(sources(JWKS).over);
    expect(book.get("seal", funded, "")).toEqual({ state: "pending" });
    await settled(book, "seal", funded);
    book.clear();
    expect(book.get("seal", funded, "")).toEqual({ state: "pending" });
  });
});

describe("fetching the JWKS", () => {
  const realFetch = globalThis.fetch;
  afterAll(() => {
    globalThis.fetch = realFetch;
  });
  const answering = (response: () => Response) => {
    const urls: string[] = [];
    globalThis.fetch = (async (url: string) => {
      urls.push(url);
      return response();
    }) as typeof fetch;
    return urls;
  };

  test("asks /.well-known/jwks.json under the API base, or this page's origin", () => {
    expect(jwksUrl("")).toBe("/.well-known/jwks.json");
    expect(jwksUrl("https://escrow.example/")).toBe("https://escrow.example/.well-known/jwks.json");
  });

  test("reads { keys: [...] }", async () => {
    const urls = answering(() => Response.json(JWKS));
    expect(await fetchJwks("https://escrow.example")).toEqual(JWKS);
    expect(urls).toEqual(["https://escrow.example/.well-known/jwks.json"]);
  });

  test.each([
    ["a 404", () => new Response("Not found", { status: 404 })],
    ["a body that is not JSON", () => new Response("<html>")],
    ["JSON without keys", () => Response.json({ ok: true })],
    [
      "a network failure",
      () => {
        throw new TypeError("Failed to fetch");
      },
    ],
  ] as const)("gives null for %s", async (_name, response) => {
    answering(response);
    expect(await fetchJwks("")).toBeNull();
  });
});

describe("the badges", () => {
  const states: SealCheck[] = [
    { state: "pending" },
    { state: "valid", kid: "k1" },
    { state: "invalid", message: "changed" },
    { state: "missing" },
    { state: "unchecked", message: "no keys" },
  ];

  test.each(["seal", "signature"] as const)("name every state of a %s check in words", (kind) => {
    expect(states.map((check) => sealBadge(kind, check).querySelector(".seal-badge")!.textContent)).toEqual(
      Object.values(SEAL_BADGES[kind]),
    );
  });

  test("are the texts docs/web-ui.md lists, state by state", () => {
    const docs = readFileSync(new URL("../../docs/web-ui.md", import.meta.url), "utf8");
    for (const state of Object.keys(SEAL_BADGES.seal) as (keyof typeof SEAL_BADGES.seal)[])
      expect(docs).toContain(`| ${state} | ${SEAL_BADGES.seal[state]} | ${SEAL_BADGES.signature[state]} |`);
  });

  test("render a message as text, never HTML", () => {
    const badge = sealBadge("seal", { state: "invalid", message: "<img src=x onerror=alert(1)>" });
    expect(badge.querySelector("img")).toBeNull();
    expect(badge.textContent).toContain("<img src=x onerror=alert(1)>");
  });

  test("say when a signed receipt's job arrived without a valid seal", () => {
    expect(sealBadge("signature", { state: "valid", kid: "k" }, false).textContent).toContain(
      "The settled job arrived without a valid seal.",
    );
    expect(sealBadge("signature", { state: "valid", kid: "k" }, true).textContent).not.toContain("without");
  });
});

describe("where the badges show", () => {
  const badgeIn = (element: ParentNode) => element.querySelector(".seal-badge")?.textContent;

  test("a receipt item shows its signature check, and Not signed without a signature", () => {
    expect(badgeIn(receiptItem(receipt, { signature: { state: "valid", kid: SIGNER.kid } }))).toBe(
      "Signed by this service",
    );
    expect(badgeIn(receiptItem(changedReceipt, { signature: { state: "invalid", message: "x" } }))).toBe(
      "Signature does not match",
    );
    expect(badgeIn(receiptItem(unsigned))).toBe("Not signed");
  });

  test("the shared panel shows a handed-off job's seal check and a shared receipt's signature check", () => {
    const panel = (children: unknown[]) => {
      const div = document.createElement("div");
      div.append(...(children.filter(Boolean) as Node[]));
      return div;
    };
    const job = panel(
      sharedPanel({ kind: "handoff", job: funded } as never, freshState(), null, { state: "valid", kid: "k" }),
    );
    expect(badgeIn(job)).toBe("Sealed by this service");
    const shared = panel(sharedPanel({ kind: "receipt", receipt } as never, freshState(), null, { state: "missing" }));
    expect(badgeIn(shared)).toBe("Not signed");
  });

  test("a job item shows a seal check only for a job imported from a handoff link", () => {
    const view = { job: funded, quotes: {}, payerCredits: 1000, busy: false, draft: () => "", now: 0, received: false };
    expect(badgeIn(jobItem(view))).toBeUndefined();
    expect(badgeIn(jobItem({ ...view, seal: { state: "unchecked", message: "no keys" } }))).toBe(
      "Could not check the seal",
    );
  });
});
