/**
 * The Worker's answer to a body the service refused as too large (413 payload_too_large, D9),
 * made so that a keep-alive client never sends its next request into a connection workerd is
 * closing. workerd drops the `Connection: close` the service sets:
 * it decides itself whether a connection serves another request, and says
 * `Connection: close` when it knows, as it sends the head of a fixed-length answer, that the
 * request's body will not be read to its end. An answer the platform compresses on the way out
 * (for any client that accepts gzip or br) goes in chunks instead, and its head promises
 * keep-alive; workerd then closes the connection after it all the same, and the client's next
 * request on it gets ECONNRESET or EPIPE. So the Worker sends a 413 with a fixed length, in
 * the coding the platform would send this client (platform-compression.ts), compressed here: workerd then
 * either says `Connection: close` and closes cleanly, or (when what is left of the body is
 * small enough for it to read and discard, 64 KiB) keeps a connection that works. The body is
 * never read past D9's limit.
 */
import type { Compressor } from "../../shared/http/documents.ts";
import { type IncomingRequest, platformCoding, sent } from "./platform-compression.ts";

/**
 * The service's 413 `response` to `request` as the Worker sends it: with a fixed length, in
 * the coding the platform would send (compressed here with `compress`), or as it is when the
 * client accepts no coding the platform sends.
 */
export async function refusedAnswer(
  request: IncomingRequest,
  response: Response,
  compress: Compressor,
): Promise<Response> {
  const coding = platformCoding(request.cf?.clientAcceptEncoding ?? null);
  if (coding === null) return response;
  const body = await compress(new Uint8Array(await response.arrayBuffer()), coding);
  const headers = new Headers(response.headers);
  headers.set("Content-Encoding", coding);
  headers.set("Content-Length", String(body.byteLength));
  return sent(new Response(body as Uint8Array<ArrayBuffer>, { status: response.status, headers }));
}
