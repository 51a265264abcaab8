/** Where every credit of a client-held state is: the four figures and the escrow of received jobs (shared/client-state/balances.ts). */
export { type Balances, balancesOf, OWN_FIGURES, type OwnFigure } from "../shared/client-state/balances.ts";
