/**
 * Every runtime signs alike: the Signer of keys/ed25519-keys.ts, built from one key on Bun,
 * Node 20, Deno and workerd (nodejs_compat, as wrangler.jsonc deploys it), gives the same kid,
 * key set and signatures (Ed25519 is deterministic, RFC 8032), reads the same key as a PEM, and
 * verifies alike. RFC 8032 §7.1 TEST 1's signature is the known answer. The key set each live
 * server serves is in the shared suite (runtime-suite.ts).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHmac, createPrivateKey, hkdfSync } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bundleWorker, startLocalWorker } from "../../api/workers/miniflare.ts";
import { freePort, ROOT } from "../../scripts/harness/live-server.ts";
import { TEST_SIGNING_JWK } from "../../scripts/harness/test-key.ts";
import { SEAL_KEY_INFO } from "../../shared/protocol/integrity-members.ts";
import { type ProbeInput, probe } from "./signer-probe/probe.ts";

const PROBE = join(ROOT, "snapshots/runtimes/signer-probe");

const INPUT: ProbeInput = {
  jwk: JSON.stringify(TEST_SIGNING_JWK),
  pem: createPrivateKey({ key: TEST_SIGNING_JWK, format: "jwk" }).export({ format: "pem", type: "pkcs8" }) as string,
  // RFC 8032 §7.1 TEST 2's key, as a key of before a rotation given with its private part (its
  // seals stay valid), and TEST 3's public key, given public only (it checks receipts).
  previous: JSON.stringify([
    { kty: "OKP", crv: "Ed25519", d: "TM0Imyj_ltqdtsNG7BFOD1uKMZ81q6Yk2oz27U-4pvs" },
    { kty: "OKP", crv: "Ed25519", x: "_FHNjmIYoaONpH7QAjDwWAgW7RO6MwOsXeuRFUiQgCU" },
  ]),
  messages: ["", '{"id":"as_0123456789","status":"funded","amount":100}', "héllo 🙂 ".repeat(40)],
};

/** Runs `command` and parses its one line of JSON. */
function run(command: string[]): unknown {
  const done = Bun.spawnSync(command, { cwd: ROOT, stdout: "pipe", stderr: "pipe" });
  if (done.exitCode !== 0) throw new Error(`${command.join(" ")} failed:\n${done.stdout}\n${done.stderr}`);
  return JSON.parse(done.stdout.toString());
}

describe("the Signer on every runtime", () => {
  const expected = probe(INPUT);
  const out = mkdtempSync(join(tmpdir(), "escrow-signer-probe-"));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  test("Bun: RFC 8032 TEST 1's signature, the kid of the PEM too, and verdicts as expected", () => {
    expect(Buffer.from(expected.signatures[0]!.signature, "base64url").toString("hex")).toBe(
      "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b",
    );
    expect(expected.pemKid).toBe(expected.kid);
    expect(expected.keys).toHaveLength(3);
    // The seal keys: the current one and the previous private one, each MAC the independent
    // HKDF-SHA256 + HMAC-SHA256 of node:crypto's own primitives.
    const privates = [TEST_SIGNING_JWK.d, "TM0Imyj_ltqdtsNG7BFOD1uKMZ81q6Yk2oz27U-4pvs"];
    expect(expected.macs.map(({ kid }) => kid)).toEqual(expected.keys.slice(0, 2).map(({ kid }) => kid));
    expected.macs.forEach(({ macs, ended }, index) => {
      const key = Buffer.from(
        hkdfSync("sha256", Buffer.from(privates[index]!, "base64url"), Buffer.alloc(0), SEAL_KEY_INFO, 32),
      );
      expect(macs).toEqual(
        INPUT.messages.map((message) => createHmac("sha256", key).update(`header.${message}`).digest("base64url")),
      );
      // The rest given in two pieces (a job's JSON up to its seal, then the closing brace).
      expect(ended).toEqual(
        INPUT.messages.map((message) => createHmac("sha256", key).update(`header.${message}}`).digest("base64url")),
      );
    });
    for (const signature of expected.signatures)
      expect(signature).toMatchObject({ verifies: true, changedVerifies: false, otherKidVerifies: false });
  });

  test("Node 20 (the probe bundled as api:node bundles the server): the same answer", async () => {
    const build = await Bun.build({ entrypoints: [join(PROBE, "cli.ts")], target: "node", format: "esm", outdir: out });
    if (!build.success) throw new AggregateError(build.logs, "bundling the probe for Node failed");
    const node = Bun.which("node");
    if (node === null) throw new Error("node is not on PATH");
    expect(run([node, build.outputs[0]!.path, JSON.stringify(INPUT)])).toEqual(expected);
  }, 60_000);

  test("Deno (from its npm package, as api:deno): the same answer", () => {
    const deno = join(ROOT, "node_modules/.bin/deno");
    expect(run([deno, "run", "--no-prompt", "--no-lock", join(PROBE, "cli.ts"), JSON.stringify(INPUT)])).toEqual(
      expected,
    );
  }, 60_000);

  describe("workerd", () => {
    let worker: { url: URL; dispose(): Promise<void> } | undefined;
    beforeAll(async () => {
      worker = await startLocalWorker({
        script: await bundleWorker(join(PROBE, "probe-worker.ts")),
        port: freePort(),
        assets: false,
      });
    }, 120_000);
    afterAll(async () => {
      await worker?.dispose();
    });

    test("(nodejs_compat, wrangler.jsonc's compatibility date): the same answer", async () => {
      const response = await fetch(worker!.url, { method: "POST", body: JSON.stringify(INPUT) });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(expected);
    });
  });
});
