/**
 * A reference server for the seals comparison (docs/performance.md, "The signature alone"): the
 * service as `bun run api` serves it (api/host/assemble.ts, api/bun/runtime.ts and
 * serve-options.ts), which with SEALS=off seals and signs nothing, plus one Ed25519 signature
 * per engine request, of the bench's receipt signing input with the servers' Signer: the work of
 * the signature in a loop (sign-loop.ts), and none of the seal path (no HMAC, no JWS texts, no
 * longer answer). Its server CPU per request minus the `SEALS=off` service's is what one
 * signature costs under load on the machine, the part of the signing routes' added CPU that no
 * seal design can take away.
 *
 * docs/performance.md gives the command; its figures fill the bench's "before" columns. Not a
 * service: the bench's alone.
 */
import { bunRuntime, logError } from "../../api/bun/runtime.ts";
import { serveOptions } from "../../api/bun/serve-options.ts";
import { assemble } from "../../api/host/assemble.ts";
import { settingsOrExit } from "../../api/host/settings.ts";
import { ENGINE_LIST } from "../../shared/engine/catalog.ts";
import { requestPath } from "../../shared/http/routes.ts";
import { RECEIPT_SIGNING_INPUT, signer } from "./cases.ts";

const settings = settingsOrExit(process.env);
if (settings.signing.seals !== "off") throw new Error("signature-only-server: run it with SEALS=off");
const { service } = assemble(settings, bunRuntime(settings.siteDir));

const input = new TextEncoder().encode(RECEIPT_SIGNING_INPUT);
const enginePaths = new Set(ENGINE_LIST.map((engine) => engine.path));
const signed = {
  ...service,
  fetch(request: Request) {
    if (request.method === "POST" && enginePaths.has(requestPath(request.url))) signer.sign(input);
    return service.fetch(request);
  },
};
Bun.serve(serveOptions(signed, { port: settings.port, hostname: "127.0.0.1", reusePort: false, log: logError }));
