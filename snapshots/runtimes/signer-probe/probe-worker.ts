/** The probe (probe.ts) as a Worker, for workerd: its input as the POST body, its answer as JSON. */
import { probe } from "./probe.ts";

export default {
  async fetch(request: Request): Promise<Response> {
    return Response.json(probe(await request.json()));
  },
};
