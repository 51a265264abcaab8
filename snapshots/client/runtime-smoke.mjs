// The client library on another runtime (Node 20 or Deno): a walk in process, a refusal as a
// value, a pack read back, and one call over HTTP. Arguments: the module to import (the built
// package on Node, client/index.ts on Deno) and a live server's base URL. Prints one JSON line.
// A sealing walk (a node:crypto Ed25519 signer) asks the engine whether a job's seal holds
// (checkSeal) and checks the receipt with verifyReceipt, jose on this runtime's WebCrypto. The
// engine takes the signer's mac as given, so the smoke test gives it its own, under a random key:
// nothing here checks the hosts' HKDF derivation (snapshots/runtimes/signer.e2e.test.ts does).
const args = typeof Deno === "undefined" ? process.argv.slice(2) : Deno.args;
const { EscrowKeeper, localApi, httpApi, checkSeal, verifyReceipt } = await import(args[0]);
const { createHash, createHmac, generateKeyPairSync, randomBytes, sign, verify } = await import("node:crypto");

const keeper = new EscrowKeeper(localApi({ demoKey: "demo_runtime" }));
const created = await keeper.create({ title: "Runtime walk", amount: 200, criteria: "It runs" });
const id = created.job.id;
await keeper.fund(id, { ttl_seconds: 600 });
await keeper.submit(id, { proof_url: "https://example.com/proof" });
const released = await keeper.release(id);
const refused = await keeper.fund(id);
const again = new EscrowKeeper(localApi());
const imported = again.importPack(keeper.exportPack());
const pair = generateKeyPairSync("ed25519");
const { x } = pair.publicKey.export({ format: "jwk" });
const kid = createHash("sha256")
  .update(JSON.stringify({ crv: "Ed25519", kty: "OKP", x }))
  .digest("base64url");
const jwks = { keys: [{ kty: "OKP", crv: "Ed25519", x, kid, alg: "EdDSA", use: "sig" }] };
const sealKey = randomBytes(32);
const signer = {
  kid,
  keys: jwks.keys,
  sealKids: [kid],
  sign: (data) => new Uint8Array(sign(null, data, pair.privateKey)),
  verify: (k, data, signature) => k === kid && verify(null, data, pair.publicKey, signature),
  mac: (k, prefix) =>
    k === kid
      ? (rest, end = "") =>
          createHmac("sha256", sealKey)
            .update(prefix + rest + end)
            .digest("base64url")
      : null,
};
const engine = localApi({ sealing: { mode: "on", signer } });
const sealing = new EscrowKeeper(engine);
const job = (await sealing.create({ title: "Sealed walk", amount: 100, criteria: "It verifies" })).job;
await sealing.fund(job.id);
await sealing.submit(job.id, { proof_url: "https://example.com/proof" });
await sealing.release(job.id);
const receipt = sealing.receipt(job.id);
const sealed = [
  (await checkSeal(engine, sealing.job(job.id))).seal_valid,
  (await verifyReceipt(receipt, jwks)).ok,
  (await verifyReceipt({ ...receipt, agent_payout: 100 }, jwks)).reason,
  (await checkSeal(engine, { ...sealing.job(job.id), amount: 1 })).seal_valid,
];
const remote = await httpApi({ baseUrl: args[1] }).quote({ action: "create", title: "t", amount: 100, criteria: "c" });

console.log(
  JSON.stringify({
    balances: keeper.balances(),
    keyId: released.receipt.key_id,
    refused: [refused.code, refused.status],
    imported: imported.ok && again.balances(),
    remote: [remote.ok, remote.next_status, remote.job?.title],
    sealed,
  }),
);
