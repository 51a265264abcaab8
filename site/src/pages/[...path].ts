/**
 * Prerenders every GET document at its own path, from the same table the API serves, so the
 * static build and the API give the same bytes (D18).
 */
import type { APIRoute, GetStaticPaths } from "astro";
import { buildDocuments } from "../../../shared/documents/built-documents.ts";
import { siteUrl } from "../site-url.ts";

const documents = buildDocuments({ siteUrl });

export const getStaticPaths = (() =>
  [...documents.keys()].map((path) => ({ params: { path: path.slice(1) } }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) => {
  const doc = documents.get(`/${params.path}`);
  if (!doc) return new Response("not found", { status: 404 });
  return new Response(doc.body, { headers: { "Content-Type": doc.type } });
};
