/**
 * The one way the UI builds DOM: elements from a tag, attributes and children, where every
 * string child becomes a text node. Nothing is ever parsed as HTML, so titles, notes, proof URLs,
 * tokens and imported packs render as text whatever they hold. SVG pictures are built the same
 * way. It also finds the page's fixed elements by id.
 */
import { credits } from "../../../client/activity.ts";

/** Attribute values; false, null and undefined leave the attribute out. */
export type Attrs = Record<string, string | number | boolean | null | undefined>;
/** A child: a node, text, or nothing. Arrays are flattened. */
export type Child = Node | string | number | null | undefined | false | Child[];

/** An element with `attrs` and `children` (strings as text nodes). */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  setAttrs(element, attrs);
  append(element, children);
  return element;
}

function setAttrs(element: Element, attrs: Attrs): void {
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    element.setAttribute(name, value === true ? "" : String(value));
  }
}

function append(parent: Node, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(parent, child);
    else parent.appendChild(typeof child === "object" ? child : document.createTextNode(String(child)));
  }
}

const SVG_NS = "http://www.w3.org/2000/svg";

/** An SVG element with `attrs` and `children` (strings as text nodes), for the page's pictures. */
export function svg(tag: string, attrs: Attrs = {}, ...children: Child[]): SVGElement {
  const element = document.createElementNS(SVG_NS, tag) as SVGElement;
  setAttrs(element, attrs);
  append(element, children);
  return element;
}

/** Replaces the children of `parent`. */
export function replaceChildren(parent: Element, ...children: Child[]): void {
  parent.textContent = "";
  append(parent, children);
}

/** An http(s) URL as a link, anything else as text: no javascript: or data: hrefs ever. */
export function safeLink(url: string, label: string = url): Node {
  return /^https?:\/\//i.test(url)
    ? h("a", { href: url, rel: "noopener noreferrer nofollow", target: "_blank" }, label)
    : h("span", {}, label);
}

/** The page element with `id`: one of index.astro's fixed ids, so it is always there. */
export const $ = <T extends HTMLElement = HTMLElement>(id: string): T => document.getElementById(id) as T;

/** Credits with a thousands separator: the library's, so the page and the activity log agree. */
export { credits };

/** Credits an answer gives for the action asked, or "?" should it ever lack them. */
export const figure = (n: number | undefined): string => (n === undefined ? "?" : credits(n));
