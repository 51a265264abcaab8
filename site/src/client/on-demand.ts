/**
 * The parts of the page that the empty page never shows, each loaded the first time it is
 * needed, as its own chunk: the shared panel and what opens and imports a link, the demo pack's
 * export and import and the question before a replace (those two actions are events.ts's), the
 * money flow of a settled job and the simulation's result. The empty page then transfers less
 * than 40 KB (docs/web-ui.md "Page weight"); each part costs one more request the first time a
 * person reaches it. The site build keeps everything else in one chunk (site/astro.config.mjs).
 *
 * A click loads its part and then acts (`load`); a render draws what is loaded and, when a part
 * it needs is not yet, draws without it and again once it is (`ready`).
 */

/** A part of the page loaded on demand. */
export interface OnDemand<T> {
  /** The part, once loaded; a second call loads nothing again. Rejects when it cannot be fetched. */
  load(): Promise<T>;
  /** The part when it is loaded; otherwise undefined, and `redraw` runs once it is. */
  ready(redraw: () => void): T | undefined;
}

/** A part of the page that `load` fetches on first use. */
export function onDemand<T>(load: () => Promise<T>): OnDemand<T> {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  const start = (): Promise<T> => {
    loading ??= load().then(
      (part) => (loaded = part),
      (error: unknown) => {
        loading = undefined; // asked again next time: the server may be back
        throw error;
      },
    );
    return loading;
  };
  return {
    load: start,
    ready(redraw) {
      if (loaded === undefined) start().then(redraw, () => undefined);
      return loaded;
    },
  };
}

// The views the page draws on demand. The actions loaded on demand (opening and importing links,
// the demo pack) are events.ts's: they use the page's state, which draws these.

/** The shared panel of an opened link (shared-panel.ts). */
export const linkPanel = onDemand(() => import("./shared-panel.ts"));
/** The question before Reset or an import replaces everything (confirm-replace.ts). */
export const replaceQuestion = onDemand(() => import("./confirm-replace.ts"));
/** A settled job's money flow (money-flow.ts). */
export const flows = onDemand(() => import("./money-flow.ts"));
/** A simulation's result (simulation-panel.ts). */
export const simulations = onDemand(() => import("./simulation-panel.ts"));
