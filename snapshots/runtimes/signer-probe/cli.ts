/** The probe (probe.ts) as a command, for Node (bundled) and Deno: its input as the first argument, its answer as one JSON line. */
import process from "node:process";
import { probe } from "./probe.ts";

console.log(JSON.stringify(probe(JSON.parse(process.argv[2]!))));
