/**
 * The one error boundary (D21, like hono's errorHandler): an exception that escapes the
 * engine, a document builder, the static fallback or routing is a bug, and it becomes the
 * catalog's 500 internal_error instead of the runtime's bare 500 (no envelope, no CORS). The
 * exception goes to the host, never to the client. shared/ does no I/O, so logging it is the
 * host's `onError`.
 */
import { type Answering, internalError } from "./responses.ts";

/**
 * What the host does with an unexpected exception and the request it broke: log it. The
 * request is there for its method and URL; its body and headers must not be logged (the demo
 * key travels in them, D14).
 */
export type ErrorReporter = (error: unknown, request: Request) => void;

/** Reports `error` to `report`, if any; a reporter that throws in turn changes nothing. */
export function notify(error: unknown, request: Request, report: ErrorReporter | undefined): void {
  if (report === undefined) return;
  try {
    report(error, request);
  } catch {
    // The answer must not depend on the log.
  }
}

/**
 * The answer to an unexpected exception while handling `request`: reports it, then answers
 * 500 internal_error with the request's id (D22; a HEAD gets the status and headers without
 * the body). A reporter that throws in turn changes nothing: the client still gets the
 * catalog's answer.
 */
export function recover(error: unknown, request: Request, report: ErrorReporter | undefined, ex: Answering): Response {
  notify(error, request, report);
  return internalError(ex, request.method === "HEAD");
}
