// The client library on another runtime (Node 20 or Deno): a walk in process, a refusal as a
// value, a pack read back, and one call over HTTP. Arguments: the module to import (the built
// package on Node, client/index.ts on Deno) and a live server's base URL. Prints one JSON line.
const args = typeof Deno === "undefined" ? process.argv.slice(2) : Deno.args;
const { EscrowKeeper, localApi, httpApi } = await import(args[0]);

const keeper = new EscrowKeeper(localApi({ demoKey: "demo_runtime" }));
const created = await keeper.create({ title: "Runtime walk", amount: 200, criteria: "It runs" });
const id = created.job.id;
await keeper.fund(id, { ttl_seconds: 600 });
await keeper.submit(id, { proof_url: "https://example.com/proof" });
const released = await keeper.release(id);
const refused = await keeper.fund(id);
const again = new EscrowKeeper(localApi());
const imported = again.importPack(keeper.exportPack());
const remote = await httpApi({ baseUrl: args[1] }).quote({ action: "create", title: "t", amount: 100, criteria: "c" });

console.log(
  JSON.stringify({
    balances: keeper.balances(),
    keyId: released.receipt.key_id,
    refused: [refused.code, refused.status],
    imported: imported.ok && again.balances(),
    remote: [remote.ok, remote.next_status, remote.job?.title],
  }),
);
