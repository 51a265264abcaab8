/** The public origin of absolute URLs: SITE_URL, the same setting the API reads. */
import { DEFAULT_SITE_URL } from "../../shared/protocol/constants.ts";

export const siteUrl: string = process.env.SITE_URL ?? DEFAULT_SITE_URL;
