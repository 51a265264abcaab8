/**
 * A happy-dom document as `globalThis.document` for one suite's tests (the UI modules read the
 * global), put back when the suite ends.
 */
import { afterAll, beforeAll } from "bun:test";
import { Window } from "happy-dom";

/** Installs a happy-dom document for the calling suite; the window it belongs to. */
export function useHappyDocument(url = "http://localhost:3000/"): Window {
  const window = new Window({ url });
  const global = globalThis as any;
  const saved = global.document;
  beforeAll(() => {
    global.document = window.document;
  });
  afterAll(() => {
    global.document = saved;
  });
  return window;
}
