/**
 * The absolute URL of a path on the public origin (SITE_URL): every document, schema $id and MCP
 * resource names its links by this one rule.
 */

/** The absolute URL of a path on the public origin. */
export const absolute = (siteUrl: string, path: string): string => `${siteUrl.replace(/\/+$/, "")}${path}`;
