/**
 * A reference server for the seals comparison (docs/performance.md, "The signature alone"): the
 * service as `bun run api` serves it (api/host/assemble.ts, serve-options.ts), which with
 * SEALS=off seals and signs nothing, plus one Ed25519 signature per engine request, of the
 * bench's receipt signing input with the servers' Signer: the work of the signature in a loop
 * (sign-loop.ts), and none of the seal path (no HMAC, no JWS texts, no longer answer). Its server
 * CPU per request minus the `SEALS=off` service's is what one signature costs under load on the
 * machine, the part of the signing routes' added CPU that no seal design can take away.
 *
 *   BENCH_BEFORE=scripts/bench/signature-only-server.ts BENCH_BEFORE_ENV=SEALS=off \
 *   BENCH_CASES=release,dispute,simulate,verify bun run bench
 *
 * (its figures then fill the "before" columns). Not a service: the bench's alone.
 */
import { bunFiles } from "../../api/bun/files.ts";
import { serveOptions } from "../../api/bun/serve-options.ts";
import { assemble } from "../../api/host/assemble.ts";
import { compress } from "../../api/host/compress.ts";
import { settingsOrExit } from "../../api/host/settings.ts";
import { ENGINE_LIST } from "../../shared/engine/catalog.ts";
import { RECEIPT_SIGNING_INPUT, signer } from "./cases.ts";

const settings = settingsOrExit(process.env);
if (settings.signing.seals !== "off") throw new Error("signature-only-server: run it with SEALS=off");
const log = (entry: string): void => void process.stderr.write(`${entry}\n`);
const { service } = assemble(settings, {
  site: { files: bunFiles, dir: settings.siteDir },
  framedBodies: true,
  compress,
  errorLog: log,
  sha256: (text) => Bun.SHA256.hash(text, "hex"),
});

const input = new TextEncoder().encode(RECEIPT_SIGNING_INPUT);
const enginePaths = ENGINE_LIST.map((engine) => engine.path);
const signed = {
  ...service,
  fetch(request: Request) {
    if (request.method === "POST" && enginePaths.some((path) => request.url.endsWith(path))) signer.sign(input);
    return service.fetch(request);
  },
};
Bun.serve(serveOptions(signed, { port: settings.port, hostname: "127.0.0.1", reusePort: false, log }));
