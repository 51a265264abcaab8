/**
 * The Balances card: where every credit is (client/balances.ts): payer credits, the escrow the
 * funded and submitted jobs hold, the agent wallet and the fees released jobs paid, with a bar of
 * their shares and the sentence of what they add up to (the start plus the top-ups the state
 * records, computed), and the same figures in a strip for narrow screens. A figure that changes
 * shows its difference briefly (CSS, none under prefers-reduced-motion). Accessible names the
 * browser suite reads: "Payer credits", "In escrow", "Agent wallet", "Fees paid". Jobs received
 * through a handoff link are their payers' (D28): their escrow is a sentence apart, in no figure.
 */

import { balancesOf, type OwnFigure } from "../../../client/balances.ts";
import type { DemoState } from "../../../client/index.ts";
import { STARTING_CREDITS } from "../../../shared/protocol/constants.ts";
import { $, credits } from "./dom.ts";
import type { Figures } from "./history.ts";

/** Each figure's <output> id; its bar segment and delta share its class. */
const FIGURE_IDS = {
  payerCredits: "payer-credits",
  inEscrow: "in-escrow",
  agentWallet: "agent-wallet",
  feesPaid: "fees-paid",
} as const satisfies Record<OwnFigure, string>;

/** The sum of the four figures. */
const totalOf = (b: Figures): number => b.payerCredits + b.inEscrow + b.agentWallet + b.feesPaid;

/** A signed difference as people read it: +95, −100 (a real minus sign). */
const signed = (n: number): string => (n < 0 ? `−${credits(-n)}` : `+${credits(n)}`);

/** Restarts the CSS animation of `element` (class `changed`). */
function flash(element: Element): void {
  element.classList.remove("changed");
  void (element as HTMLElement).offsetWidth;
  element.classList.add("changed");
}

/** Shows the balances of `state`, animating the figures that changed since the last call. */
export function renderBalances(state: DemoState): void {
  const balances = balancesOf(state);
  const total = totalOf(balances);
  const segments = $("balance-bar").children;
  let index = 0;
  for (const [key, id] of Object.entries(FIGURE_IDS) as [OwnFigure, string][]) {
    const value = balances[key];
    const output = $(id);
    const before = output.dataset.value;
    output.textContent = credits(value);
    output.dataset.value = String(value);
    if (before !== undefined && Number(before) !== value) {
      const delta = output.nextElementSibling;
      if (delta) {
        delta.textContent = signed(value - Number(before));
        flash(delta);
      }
      flash(output);
    }
    const segment = segments[index++] as HTMLElement | undefined;
    if (segment) segment.style.flexGrow = String(total > 0 ? value / total : 0);
  }
  $("balances-total").textContent = totalText(total, state.toppedUp);
  $("balance-strip").textContent = stripText(balances);
  const received = $("balances-received");
  received.hidden = state.receivedJobs.length === 0;
  received.textContent = received.hidden ? "" : receivedText(state.receivedJobs.length, balances.receivedInEscrow);
}

/**
 * The balances sentence, computed: the four figures' sum against the starting credits
 * plus the top-ups the state records; it says so when they differ rather than claim they add up.
 */
function totalText(total: number, toppedUp: number): string {
  const sum = `Payer credits + in escrow + agent wallet + fees paid = ${credits(total)} credits`;
  const start = credits(STARTING_CREDITS);
  const held =
    toppedUp === 0 ? `the ${start} starting credits, no top-ups` : `${start} start + ${credits(toppedUp)} topped up`;
  return total === STARTING_CREDITS + toppedUp
    ? `${sum}: ${held}. Actions only move credits between them.`
    : `${sum}, but ${held} make ${credits(STARTING_CREDITS + toppedUp)}: these figures do not add up.`;
}

/** The compact strip a narrow screen keeps in view: the four figures in a line. */
const stripText = (b: Figures): string =>
  `Payer ${credits(b.payerCredits)} · Escrow ${credits(b.inEscrow)} · Wallet ${credits(b.agentWallet)} · Fees ${credits(b.feesPaid)}`;

/**
 * Shows the balance strip while the Balances card's figures are out of view, above or below
 * (CSS shows it on narrow screens only): acting on a job, the balances stay in sight. It stays
 * hidden while the page's header is in view, so it never lies over the header's links (WCAG
 * 2.4.11); below it, the page keeps the focus clear of the strip (scroll-padding, as
 * tall as the strip).
 */
export function watchBalances(): void {
  const strip = $("balance-strip");
  const inView = new Map<Element, boolean>();
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) inView.set(entry.target, entry.isIntersecting);
    strip.hidden = [...inView.values()].some(Boolean);
  });
  for (const watched of [$("balance-figures"), document.querySelector("header")])
    if (watched) observer.observe(watched);
}

/** What the jobs received from their payers hold, apart from the four figures (D28). */
export function receivedText(count: number, inEscrow: number): string {
  const jobs =
    count === 1 ? "1 job was handed to you by its payer" : `${credits(count)} jobs were handed to you by their payers`;
  if (inEscrow === 0)
    return `${jobs}; ${count === 1 ? "it holds no credits in escrow now and counts" : "they hold no credits in escrow now and count"} in none of the figures above.`;
  return `${jobs}, with ${credits(inEscrow)} credits in escrow. Those credits are ${count === 1 ? "its payer's" : "their payers'"}, not yours: they are in none of the figures above.`;
}
