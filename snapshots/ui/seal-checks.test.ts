/**
 * The web UI's seal and signature checks (D27) under happy-dom: a job sealed and a
 * receipt signed by the engine with a test signer, the job's seal asked of that engine (validate
 * or verify, in process) and the receipt's signature checked against its JWKS, and the same ones
 * changed; seals and signatures of the form an older version of the service wrote; what each
 * verdict means for the badge; the JWKS fetched once per API base and only for signatures, and a
 * service or JWKS that cannot be had saying the check could not be made. The badges themselves
 * are seal-badges.test.ts; the browser suites drive both in Chromium against the live service.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { checkSeal, type JobRecord, localApi, type Verification } from "../../client/index.ts";
import * as verify from "../../client/receipt-check.ts";
import {
  checkOf,
  createSealBook,
  SEAL_CHANGED,
  SEAL_NOT_CHECKED,
  type SealBook,
  type SealCheck,
  type SealCheckSources,
  type SealKind,
  sealCheckOf,
} from "../../site/src/client/seal-checks.ts";
import { fetchJwks, jwksUrl } from "../../site/src/client/seal-sources.ts";
import { OLDER_PACK } from "../client/older-seals.ts";
import { JWKS, SIGNER, sealedWalk, sealingApi } from "../client/sealed-walk.ts";
import { useHappyDocument } from "../support/happy-document.ts";
import { testSigner } from "../support/test-signer.ts";

const _window = useHappyDocument();

const { funded, receipt } = sealedWalk();
const { seal: _, ...unsealed } = funded;
const { signature: __, ...unsigned } = receipt;
const changedJob = { ...funded, amount: funded.amount + 1 };
const changedReceipt = { ...receipt, agent_payout: receipt.agent_payout + 1 };
const olderJob = OLDER_PACK.jobs[1] as JobRecord;
const { job_sealed: ___, ...olderReceipt } = OLDER_PACK.receipts[0]!;

/** Sources over the engine in process and `jwks` (null: it cannot be had) that count what they are asked. */
function sources(jwks: { keys: readonly object[] } | null, engine = sealingApi()) {
  const asked = { seals: 0, jwks: [] as string[], verifier: 0 };
  const over: SealCheckSources = {
    seal: async (job) => {
      asked.seals++;
      return checkSeal(engine, job);
    },
    jwks: async (base) => {
      asked.jwks.push(base);
      return jwks as never;
    },
    verifier: async () => {
      asked.verifier++;
      return verify;
    },
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

describe("what a verdict means for the badge", () => {
  test.each([
    [{ ok: true, kid: "k1" }, "valid"],
    [{ ok: false, reason: "missing", message: "m" }, "missing"],
    [{ ok: false, reason: "older", message: "m" }, "older"],
    [{ ok: false, reason: "unsupported", message: "m" }, "unchecked"],
    [{ ok: false, reason: "unknown_key", message: "m" }, "invalid"],
    [{ ok: false, reason: "bad_signature", message: "m" }, "invalid"],
    [{ ok: false, reason: "payload_differs", message: "m" }, "invalid"],
  ] as [Verification, SealCheck["state"]][])("a receipt's %o is %s", (verification, state) => {
    expect(checkOf(verification).state).toBe(state);
  });

  test.each([
    [{ ok: true, seal_valid: true, older: false }, { state: "valid" }],
    [{ ok: true, seal_valid: true, older: true }, { state: "valid" }],
    [{ ok: true, seal_valid: false, older: true }, { state: "older" }],
    [{ ok: true, older: true }, { state: "older" }],
    [
      { ok: true, seal_valid: false, older: false },
      { state: "invalid", message: SEAL_CHANGED },
    ],
    [
      { ok: true, older: false },
      { state: "unchecked", message: SEAL_NOT_CHECKED },
    ],
    [
      { ok: false, code: "unreachable", status: 0, message: "No answer." },
      { state: "unchecked", message: "No answer." },
    ],
  ] as const)("the service's %o on a job's seal is %o", (verdict, check) => {
    expect(sealCheckOf(verdict as never)).toEqual(check as SealCheck);
  });
});

describe("the seal checks ask the service; the signature checks use the JWKS", () => {
  test.each([
    ["a sealed job", "valid", "seal", funded],
    ["a sealed job with a changed amount", "invalid", "seal", changedJob],
    ["a job without a seal", "missing", "seal", unsealed],
    ["a job sealed by an older version of the service", "older", "seal", olderJob],
    ["a signed receipt", "valid", "signature", receipt],
    ["a signed receipt with a changed payout", "invalid", "signature", changedReceipt],
    ["a receipt without a signature", "missing", "signature", unsigned],
    ["a receipt signed by an older version of the service", "older", "signature", olderReceipt],
  ] as const)("checks %s as %s", async (_name, state, kind, value) => {
    const check = await settled(createSealBook(sources(JWKS).over), kind, value);
    expect(check.state).toBe(state);
    if (check.state === "valid" && kind === "signature") expect(check.kid).toBe(SIGNER.kid);
  });

  test("asks the service about a seal once, and never fetches the JWKS or the verifier for it", async () => {
    const { asked, over } = sources(JWKS);
    const book = createSealBook(over);
    await settled(book, "seal", funded);
    await settled(book, "seal", JSON.parse(JSON.stringify(funded)));
    expect(asked).toEqual({ seals: 1, jwks: [], verifier: 0 });
  });

  test("says a seal another service made does not match", async () => {
    const elsewhere = localApi({ sealing: { mode: "on", signer: testSigner() } });
    const theirs = await elsewhere.transition({ action: "create", title: "t", amount: 5, criteria: "c" });
    if (!theirs.ok) throw new Error(theirs.message);
    expect(await settled(createSealBook(sources(JWKS).over), "seal", theirs.job)).toEqual({
      state: "invalid",
      message: SEAL_CHANGED,
    });
  });

  test("says it could not check a seal when the service does not seal", async () => {
    const book = createSealBook(sources(JWKS, localApi()).over);
    expect(await settled(book, "seal", funded)).toEqual({ state: "unchecked", message: SEAL_NOT_CHECKED });
  });

  test("says it could not check a seal when asking the service throws", async () => {
    const book = createSealBook({ ...sources(JWKS).over, seal: () => Promise.reject(new TypeError("offline")) });
    expect(await settled(book, "seal", funded)).toEqual({
      state: "unchecked",
      message: "The service could not be asked.",
    });
  });

  test("says it could not check a signature when the JWKS cannot be had, and asks again on the next check", async () => {
    const { asked, over } = sources(null);
    const book = createSealBook(over);
    expect((await settled(book, "signature", receipt)).state).toBe("unchecked");
    expect((await settled(book, "signature", changedReceipt)).state).toBe("unchecked");
    expect(asked.jwks).toEqual(["", ""]);
  });

  test("says it could not check when the checking code does not load", async () => {
    const book = createSealBook({ ...sources(JWKS).over, verifier: () => Promise.reject(new Error("offline")) });
    expect(await settled(book, "signature", receipt)).toEqual({
      state: "unchecked",
      message: "The checking code could not be loaded.",
    });
  });

  test("fetches the JWKS once per API base, and nothing for what is unsigned or signed in the older form", async () => {
    const { asked, over } = sources(JWKS);
    const book = createSealBook(over);
    await settled(book, "signature", unsigned);
    await settled(book, "signature", olderReceipt);
    expect(asked).toEqual({ seals: 0, jwks: [], verifier: 0 });
    await settled(book, "signature", receipt);
    await settled(book, "signature", receipt, "https://escrow.example");
    expect(asked.jwks).toEqual(["", "https://escrow.example"]);
  });

  test("is pending until the check settles, and forgets every check on clear", async () => {
    const book = createSealBook(sources(JWKS).over);
    expect(book.get("seal", funded, "")).toEqual({ state: "pending" });
    expect(book.get("signature", olderReceipt, "")).toEqual({ state: "pending" });
    expect(await settled(book, "signature", olderReceipt)).toEqual({ state: "older" });
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
