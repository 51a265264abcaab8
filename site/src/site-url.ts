/**
 * The public origin of absolute URLs: SITE_URL, else this machine on PORT, by the rule the API
 * server reads (shared/settings/site-url.ts), so `bun run start` prerenders the origin it then serves.
 */
import { siteUrlSetting } from "../../shared/settings/site-url.ts";

export const siteUrl: string = siteUrlSetting(process.env);
