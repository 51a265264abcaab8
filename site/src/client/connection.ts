/**
 * How the page talks to the service: the optional demo key (sent only as `Authorization: Bearer`,
 * kept only in this browser, never in a pack: D20) and the API base URL. Changing either gives
 * the keeper a new api (page-state.ts `connect`) and forgets the quotes, so they are asked again
 * the new way.
 */
import { $ } from "./dom.ts";
import { errorBy, statusPage } from "./notices.ts";
import { clearAllErrors, connect, currentKey, refresh, store, ui } from "./page-state.ts";

/** Mints a random demo key and keeps it in this browser. */
export function mintKey(): void {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  const key = `demo_${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
  if (!store.setDemoKey(key)) {
    errorBy($("mint-key"), "This browser refused to store the demo key.");
    return;
  }
  connect(key);
  ui.quotes.clear();
  clearAllErrors();
  refresh();
  statusPage("Demo key minted. It stays in this browser and is sent only as a request header.");
}

/** Forgets the demo key: requests go without one again. */
export function removeKey(): void {
  store.setDemoKey(null);
  connect(null);
  ui.quotes.clear();
  clearAllErrors();
  refresh();
  statusPage("Demo key removed.");
}

/** Saves the API base URL field: an http(s) origin, or empty for this page's origin. */
export function saveApiBase(): void {
  const input = $("api-base") as HTMLInputElement;
  const base = input.value.trim().replace(/\/+$/, "");
  if (base !== "" && !/^https?:\/\/[^\s/]+$/i.test(base)) {
    errorBy(
      input,
      "API base URL must be an http(s) origin such as https://escrow.example.org, or empty for this page's origin.",
    );
    return;
  }
  store.setApiBase(base);
  connect(currentKey());
  ui.quotes.clear();
  clearAllErrors();
  refresh();
  statusPage(base === "" ? "API calls go to this page's origin." : `API calls go to ${base}.`);
}
