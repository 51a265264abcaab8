/**
 * The reference UI's persistence: the state as a versioned demo pack in localStorage (D20), the
 * demo key, the API base URL, the balance history and the receipts' verdicts beside it. Storage is passed in, so tests can use happy-dom's.
 * A record that does not read back (corrupted, or an old version) is set aside with a notice and
 * the page starts fresh: never a blank page.
 */
import type { DemoState } from "../../../client/index.ts";
import { freshState, parsePack, toPack } from "../../../shared/client-state/pack.ts";
import { type HistoryPoint, readHistory } from "./history.ts";

/** Storage keys; the state's version is inside its pack. */
export const STORAGE_KEYS = {
  state: "agent-escrow-demo:state",
  key: "agent-escrow-demo:demo-key",
  apiBase: "agent-escrow-demo:api-base",
  history: "agent-escrow-demo:balance-history",
  verdicts: "agent-escrow-demo:verdicts",
  broken: "agent-escrow-demo:state-unreadable",
} as const;

/** What loading found: the state, and a notice when the stored one could not be used. */
export interface Loaded {
  state: DemoState;
  notice?: string;
}

/** A store over one Storage (window.localStorage in the page). */
export function createStore(storage: Storage) {
  const read = (key: string): string | null => {
    try {
      return storage.getItem(key);
    } catch {
      return null;
    }
  };
  const write = (key: string, value: string | null): boolean => {
    try {
      if (value === null) storage.removeItem(key);
      else storage.setItem(key, value);
      return true;
    } catch {
      return false;
    }
  };

  return {
    /** The saved state, or a fresh one (with a notice when a saved one was unreadable). */
    load(): Loaded {
      const text = read(STORAGE_KEYS.state);
      if (text === null) return { state: freshState() };
      const pack = parsePack(text);
      if (pack.ok) return { state: pack.value };
      write(STORAGE_KEYS.broken, text);
      return {
        state: freshState(),
        notice: `The saved demo state in this browser could not be read (${pack.message
          .replace(/^Not a demo pack: /, "")
          .replace(/^the file\b/, "the saved record")
          .replace(
            /\.$/,
            "",
          )}), so the page started fresh. The unreadable record is kept under ${STORAGE_KEYS.broken}.`,
      };
    },
    /** Saves the state; false when the browser refused (storage full or disabled). */
    save(state: DemoState): boolean {
      return write(STORAGE_KEYS.state, JSON.stringify(toPack(state)));
    },
    /** The demo key, or null. It lives only here and in request headers (D20). */
    demoKey(): string | null {
      const key = read(STORAGE_KEYS.key);
      return key && /^\S{1,255}$/.test(key) ? key : null;
    },
    setDemoKey(key: string | null): boolean {
      return write(STORAGE_KEYS.key, key);
    },
    /** The API base URL, or "" for the page's own origin. */
    apiBase(): string {
      return read(STORAGE_KEYS.apiBase) ?? "";
    },
    setApiBase(base: string): boolean {
      return write(STORAGE_KEYS.apiBase, base === "" ? null : base);
    },
    /** The balance history (history.ts): none when absent or unreadable. Never in a pack. */
    history(): HistoryPoint[] {
      return readHistory(read(STORAGE_KEYS.history));
    },
    setHistory(points: readonly HistoryPoint[]): boolean {
      return write(STORAGE_KEYS.history, JSON.stringify(points));
    },
    /** The receipts' verdicts as kept (kept-verdicts.ts), as stored text, or null. Never in a pack. */
    verdicts(): string | null {
      return read(STORAGE_KEYS.verdicts);
    },
    setVerdicts(text: string): boolean {
      return write(STORAGE_KEYS.verdicts, text);
    },
  };
}
