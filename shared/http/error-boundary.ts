/**
 * The one error boundary (D21, like hono's errorHandler): an exception that escapes the
 * engine, a document builder, the static fallback or routing is a bug, and it becomes the
 * catalog's 500 internal_error instead of the runtime's bare 500 (no envelope, no CORS). The
 * exception goes to the host, never to the client. shared/ does no I/O, so logging it is the
 * host's `onError`.
 */
import { internalError } from "./responses.ts";

/**
 * What the host does with an unexpected exception and the request it broke: log it. The
 * request is there for its method and URL; its body and headers must not be logged (the demo
 * key travels in them, D14).
 */
export type ErrorReporter = (error: unknown, request: Request) => void;

/**
 * An exception as a log shows it, never empty: an Error's name and message, then its stack
 * (Bun's DOMExceptions have an empty stack; V8's stack starts with the name and message, so
 * they are not repeated); else its text, or JSON for an object.
 */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const name = error.name || "Error";
    const head = error.message ? `${name}: ${error.message}` : name;
    const stack = error.stack ?? "";
    if (stack === "") return head;
    return stack.startsWith(head) ? stack : `${head}\n${stack}`;
  }
  if (error === "") return '""';
  if (typeof error !== "object" || error === null) return String(error);
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

/**
 * The status the access log gives a request whose client went away before its body had
 * arrived (nginx's 499, "client closed request"): the runtime's answer is never sent.
 */
const CLIENT_CLOSED = 499;

/**
 * True when `error` is the body read failing because the client closed the connection: the
 * request's signal aborted (Bun, Deno), or the runtime's own error for it: Bun's AbortError
 * DOMException, Node's "aborted" ECONNRESET, Deno's BadResource, workerd's "Network connection
 * lost.". Only asked on the error path, never per request.
 */
function isClientAbort(error: unknown, request: Request): boolean {
  if (request.signal?.aborted === true) return true;
  if (typeof error !== "object" || error === null) return false;
  const { name, message, code } = error as { name?: unknown; message?: unknown; code?: unknown };
  return (
    name === "AbortError" ||
    name === "BadResource" ||
    (code === "ECONNRESET" && message === "aborted") ||
    message === "Network connection lost."
  );
}

/**
 * The `onError` of a host with a log (`log` writes one entry): the method, the path and the
 * exception. Never the query, the headers or the body: the demo key travels in the headers
 * (D14), and bodies and queries hold the client's data. Every runtime's binding uses it.
 */
export function errorLog(log: (entry: string) => void): ErrorReporter {
  return (error, request) =>
    log(`internal_error ${request.method} ${new URL(request.url).pathname}: ${describeError(error)}`);
}

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
 * The answer to an unexpected exception while handling a request: reports it, then answers
 * 500 internal_error with the request's id (D22). A reporter that throws in turn changes
 * nothing: the client still gets the catalog's answer. A client that closed the connection
 * before its body arrived is no bug: nothing is reported, and the answer no one will receive
 * is a bodiless {@link CLIENT_CLOSED}, which the access log shows.
 */
export function recover(
  error: unknown,
  { request, id }: { readonly request: Request; readonly id: string },
  report: ErrorReporter | undefined,
): Response {
  if (isClientAbort(error, request)) return new Response(null, { status: CLIENT_CLOSED });
  notify(error, request, report);
  return internalError(id);
}
