/**
 * The README and the pages of docs/ link to each other and to files of the repository: every
 * relative link must reach a file or folder that exists, and every #anchor a heading of the
 * page it names, with the anchors GitHub makes of headings. The README links to every page of
 * docs/, so none is left unreachable.
 */
import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { ROOT } from "../../scripts/harness/live-server.ts";
import { anchorsOf, linksOf, PAGES, slug } from "./markdown.ts";

/** Why a link from `page` does not resolve, or null when it does. External links are not followed. */
function brokenReason(page: string, target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return null;
  const [path = "", anchor] = target.split("#", 2);
  if (path.startsWith("/")) return "an absolute path: write it relative to the page";
  const file = path === "" ? page : relative(ROOT, join(ROOT, dirname(page), decodeURI(path)));
  if (file.startsWith("..")) return "outside the repository";
  if (!existsSync(join(ROOT, file))) return `${file} does not exist`;
  if (anchor === undefined) return null;
  if (!file.endsWith(".md") || statSync(join(ROOT, file)).isDirectory())
    return `#${anchor} on a file that is not Markdown`;
  const anchors = anchorsOf(readFileSync(join(ROOT, file), "utf8"));
  return anchors.has(decodeURIComponent(anchor)) ? null : `${file} has no heading #${anchor}`;
}

describe("links between the README and docs/", () => {
  test("the pages are the README and at least one page of docs/", () => {
    expect(PAGES).toContain("README.md");
    expect(PAGES.length).toBeGreaterThan(1);
  });

  test.each(PAGES)("every relative link and #anchor in %s resolves", (page) => {
    const markdown = readFileSync(join(ROOT, page), "utf8");
    const broken = linksOf(markdown).flatMap((target) => {
      const reason = brokenReason(page, target);
      return reason === null ? [] : [`${target}: ${reason}`];
    });
    expect(broken).toEqual([]);
  });

  test("the README links to every page of docs/", () => {
    const linked = new Set(
      linksOf(readFileSync(join(ROOT, "README.md"), "utf8")).map((target) => target.split("#")[0]),
    );
    expect(PAGES.filter((page) => page !== "README.md" && !linked.has(page))).toEqual([]);
  });

  test.each([
    ["Performance: method, results and history", "performance-method-results-and-history"],
    ["`WORKERS=n` measured", "workersn-measured"],
    ["Request ids and the access log: what they cost", "request-ids-and-the-access-log-what-they-cost"],
    ["POST /api/v0/transition", "post-apiv0transition"],
    ["Demo key, idempotency and request ids", "demo-key-idempotency-and-request-ids"],
  ])("a heading %p has GitHub's anchor %p", (heading, anchor) => {
    expect(slug(heading)).toBe(anchor);
  });

  test("a link to a missing file, a missing heading or out of the repository is reported", () => {
    expect(brokenReason("README.md", "docs/missing.md")).toBe("docs/missing.md does not exist");
    expect(brokenReason("README.md", "docs/api.md#no-such-heading")).toBe(
      "docs/api.md has no heading #no-such-heading",
    );
    expect(brokenReason("README.md", "#no-such-heading")).toBe("README.md has no heading #no-such-heading");
    expect(brokenReason("docs/api.md", "../../elsewhere.md")).toBe("outside the repository");
    expect(brokenReason("docs/api.md", "../README.md#api")).toBeNull();
    expect(brokenReason("docs/api.md", "https://example.com/#anything")).toBeNull();
  });
});
