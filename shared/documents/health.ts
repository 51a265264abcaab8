/** /api/health.json: how operators and scripts check that the service is up. */
import { MODE, MONEY, SERVICE, VERSION } from "../protocol/constants.ts";

/** The health document. */
export const health = () => ({ ok: true, service: SERVICE, version: VERSION, mode: MODE, money: MONEY });
