/**
 * The in-process transport: the engine called directly, with the real clock and random ids by
 * default, and no network. The body goes through JSON and the body limit as it would over HTTP
 * (D9), and the answer comes back through JSON, so a call answers exactly what the HTTP service
 * answers for the same body, clock and key.
 */

import { failure } from "../shared/engine/respond.ts";
import { run } from "../shared/engine/run.ts";
import { LIMITS } from "../shared/protocol/constants.ts";
import { reject } from "../shared/protocol/errors.ts";
import type { Sealing, UnusableSealing } from "../shared/seal/signer.ts";
import type { Delivery } from "./answer.ts";
import { apiOver, type EscrowApi } from "./api.ts";

/** Options of the in-process engine. */
export interface LocalOptions {
  /** An optional demo key; only its key_id ever comes back (D14). */
  demoKey?: string;
  /** The clock, in epoch milliseconds (default Date.now). */
  now?: () => number;
  /** `length` random lowercase hex characters (default from crypto.getRandomValues). */
  randomHex?: (length: number) => string;
  /**
   * Seal jobs and sign receipts as a service with this signer does (D27); none by default
   * (SEALS=off). An unusable sealing (`{ mode: "required", signer: null }`: SEALS=required with
   * no key) is accepted too, and every call answers seals_unavailable (503), as such a host does.
   */
  sealing?: Sealing | UnusableSealing;
}

/** `length` random lowercase hex characters from the platform's CSPRNG. */
export function cryptoRandomHex(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(Math.ceil(length / 2)));
  let hex = "";
  for (const byte of bytes) hex += byte.toString(16).padStart(2, "0");
  return hex.slice(0, length);
}

const encoder = new TextEncoder();

/** The five engines in this process. */
export function localApi(options: LocalOptions = {}): EscrowApi {
  const now = options.now ?? Date.now;
  const hex = options.randomHex ?? cryptoRandomHex;
  return apiOver(async (route, body, headers): Promise<Delivery> => {
    const text = JSON.stringify(body) ?? "";
    const bytes = encoder.encode(text);
    const result =
      bytes.length > LIMITS.bodyBytesMax
        ? failure(reject("payload_too_large"))
        : run(
            route,
            bytes,
            { get: (name) => headers[name.toLowerCase()] ?? null },
            {
              now: now(),
              randomHex: hex,
              ...(options.sealing ? { sealing: options.sealing } : {}),
            },
          );
    return { status: result.status, json: JSON.parse(JSON.stringify(result.body)) };
  }, options.demoKey);
}
