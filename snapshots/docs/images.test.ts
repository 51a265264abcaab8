/**
 * docs/web-ui.md shows the PNGs of docs/web-ui/, which `bun run screenshots:docs`
 * (scripts/doc-screenshots.ts) writes: every image the page shows is there, every PNG there is
 * shown with a caption, each is one the script writes, and together they stay small.
 */
import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../../scripts/harness/live-server.ts";
import { read, section } from "./markdown.ts";

const FOLDER = "docs/web-ui";
/** What all the PNGs of docs/web-ui/ may weigh together, in bytes. */
const TOTAL_MAX = 600 * 1024;

/** Every Markdown image of `markdown`: its alt text and target. */
const imagesOf = (markdown: string) =>
  [...markdown.matchAll(/!\[([^\]]*)\]\(\s*([^)\s]+)\s*\)/g)].map(([, alt, target]) => ({
    alt: alt!,
    target: target!,
  }));

/** The PNGs in docs/web-ui/, by file name. */
const pngs = (): string[] =>
  existsSync(join(ROOT, FOLDER))
    ? readdirSync(join(ROOT, FOLDER))
        .filter((name) => name.endsWith(".png"))
        .sort()
    : [];

describe("docs/web-ui.md and docs/web-ui/", () => {
  const page = read("docs/web-ui.md");
  const shown = imagesOf(page);

  test("the Screenshots section shows at least one picture, each with a caption", () => {
    const pictures = imagesOf(section(page, "## Screenshots"));
    expect(pictures.length).toBeGreaterThan(0);
    expect(pictures.filter(({ alt }) => alt.trim().length < 10)).toEqual([]);
  });

  test("every image the page shows is a PNG in docs/web-ui/", () => {
    const files = new Set(pngs());
    const missing = shown.filter(({ target }) => !target.startsWith("web-ui/") || !files.has(target.slice(7)));
    expect(missing.map(({ target }) => target)).toEqual([]);
  });

  test("every PNG in docs/web-ui/ is shown by the page", () => {
    const targets = new Set(shown.map(({ target }) => target));
    expect(pngs().filter((name) => !targets.has(`web-ui/${name}`))).toEqual([]);
  });

  test("every PNG in docs/web-ui/ is one that scripts/doc-screenshots.ts writes", () => {
    const script = read("scripts/doc-screenshots.ts");
    const written = new Set([...script.matchAll(/\bshoot\(\s*"([a-z0-9-]+)"/g)].map(([, name]) => `${name}.png`));
    expect(written.size).toBeGreaterThan(0);
    expect(pngs().filter((name) => !written.has(name))).toEqual([]);
    expect([...written].filter((name) => !pngs().includes(name))).toEqual([]);
  });

  test(`the PNGs weigh at most ${TOTAL_MAX / 1024} KB together`, () => {
    const total = pngs().reduce((sum, name) => sum + statSync(join(ROOT, FOLDER, name)).size, 0);
    expect(total).toBeLessThanOrEqual(TOTAL_MAX);
  });
});
