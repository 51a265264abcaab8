/**
 * Small documents: templates, changelog and scoreboard. Static by design: no clock (D18).
 */

import { absolute } from "../lib/absolute-url.ts";
import { MODE, MONEY } from "../protocol/constants.ts";
import { DOCUMENT_CATALOG } from "./document-list.ts";

/** Preset create-job fields for the reference UI and for agents: fill only. */
export const TEMPLATES = [
  {
    id: "summary",
    title: "Summarise a research paper",
    amount: 120,
    criteria: "Five bullet points covering method, data, results, limits and one open question; under 200 words.",
  },
  {
    id: "bugfix",
    title: "Fix a failing unit test",
    amount: 300,
    criteria: "A pull request that makes the named test pass without changing the test; CI green.",
  },
  {
    id: "translation",
    title: "Translate a product page to Spanish",
    amount: 200,
    criteria: "Complete, fluent Spanish text with every heading and link kept; no machine-translation artefacts.",
  },
  {
    id: "dataset",
    title: "Clean a CSV of 1,000 contacts",
    amount: 150,
    criteria: "No duplicate emails, one row per person, ISO-8601 dates, a short note of what changed.",
  },
  {
    id: "review",
    title: "Review an API design",
    amount: 250,
    criteria: "A written review naming at least three concrete risks, each with a suggested fix.",
  },
  {
    id: "logo",
    title: "Draw three logo sketches",
    amount: 400,
    criteria: "Three distinct SVG sketches at 512x512, each with a one-line rationale.",
  },
] as const;

/** The templates document. */
export const templates = () => ({
  mode: MODE,
  money: MONEY,
  note: "Preset create fields (title, amount, criteria). They only fill a create form; nothing is reserved or stored.",
  templates: TEMPLATES,
});

/** Shipped slices, newest first. */
const CHANGELOG = [
  {
    version: "0",
    date: "2026-11-23",
    title: "Compressed documents",
    changes: [
      "Documents are sent br- or gzip-compressed when Accept-Encoding asks for it (openapi.json: 180 KB as it is, about 8 KB with br), with Vary: Accept-Encoding and one ETag per form.",
    ],
  },
  {
    version: "0",
    date: "2026-11-22",
    title: "Discovery documents",
    changes: [
      "Every GET document generated from the shared rules and constants: agent card, settlement, quickstart, tools, JSON Schemas, OpenAPI 3.1, errors, fees, examples, templates, changelog, scoreboard, SETTLEMENT.md, llms.txt, robots.txt, sitemap.xml.",
      "ETag and If-None-Match on every document; the static site prerenders the same bytes.",
    ],
  },
  {
    version: "0",
    date: "2026-11-22",
    title: "The five engines",
    changes: [
      "POST /api/v0/transition, quote, validate, simulate and verify over one rule set.",
      "Optional demo key (key_id) and idempotency-derived job ids.",
      "Error catalog with field-level messages; 404 not_found and 413 payload_too_large.",
    ],
  },
] as const;

/** The changelog document. */
export const changelog = () => ({ mode: MODE, money: MONEY, entries: CHANGELOG });

/** The scoreboard: honest zeros and the places the service lists itself. */
export const scoreboard = (siteUrl: string) => ({
  mode: MODE,
  money: MONEY,
  external_users: 0,
  paid_pilots: 0,
  revenue_usd: 0,
  note: "A demo: no accounts, no payments, no tracking. The counters stay 0. Listings are the service's own discovery documents.",
  listings: DOCUMENT_CATALOG.filter((doc) =>
    ["agent", "llms", "openapi", "tools", "server_json"].includes(doc.key),
  ).map((doc) => ({
    name: doc.title,
    url: absolute(siteUrl, doc.paths[0]),
  })),
});
