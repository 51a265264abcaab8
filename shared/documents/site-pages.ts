/**
 * The site's HTML pages: the web UI and the API reference, served from the build. They are not
 * documents of the API table (document-list.ts); the discovery documents and server.json list
 * them beside the documents.
 */

/** HTML pages of the site (not documents of the API table, served from the build). */
export const PAGES = [
  {
    path: "/",
    title: "Demo escrow for agent jobs",
    summary: "The reference web UI: create, fund, prove, release or dispute a job in the browser.",
  },
  {
    path: "/reference/",
    title: "API reference",
    summary: "Every endpoint, field and error, rendered from the OpenAPI document.",
  },
] as const;
