/**
 * A sealing engine for the tests (D27): a context with a test signer under SEALS=on or required,
 * the sealed walk create → fund (with a hold) → submit under it, and a respelling of a token's
 * last character, for the suites that check seals and signatures.
 */
import type { EngineContext } from "../../shared/engine/context.ts";
import type { Sealing, SealMode } from "../../shared/seal/signer.ts";
import { CREATE, call, fixedContext, PROOF_URL } from "./helpers.ts";
import { newKeyPair, testSigner } from "./test-signer.ts";

type Body = Record<string, any>;

/** The key pair of SIGNER. */
export const PAIR = newKeyPair();
/** The signer of {@link sealed} contexts. */
export const SIGNER = testSigner(PAIR);

/** The fixed context, sealing with `signer` under `mode`. */
export const sealed = (mode: Exclude<SealMode, "off"> = "on", signer = SIGNER): EngineContext => ({
  ...fixedContext(),
  sealing: { mode, signer } satisfies Sealing,
});

/** Walks create, fund (ttl_seconds 3600) and submit under `ctx`; every answer and the submitted job. */
export function sealedWalk(ctx: EngineContext = sealed()) {
  const step = (body: Body): Body => call("transition", body, {}, ctx).body as Body;
  const created = step({ action: "create", ...CREATE });
  const funded = step({ action: "fund", job: created.job, payer_credits: 1000, ttl_seconds: 3600 });
  const submitted = step({ action: "submit", job: funded.job, proof_url: PROOF_URL });
  return { created, funded, submitted, job: submitted.job as Body };
}

const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/**
 * `token` with its last character changed to another spelling of the same bytes: a 32-byte MAC is
 * 43 characters, whose last carries 2 spare bits, a 64-byte signature 86, with 4; bit 0 is spare
 * in both.
 */
export const respelled = (token: string): string =>
  token.slice(0, -1) + BASE64URL[BASE64URL.indexOf(token.at(-1)!) ^ 1];
