/**
 * What a runtime's Signer (keys/ed25519-keys.ts) gives for one key: the kid, the key set, the kid of
 * the same key as a PEM, signatures of fixed messages and verdicts on them, and the seal MACs
 * (HKDF-SHA256 then HMAC-SHA256, D27) of the same messages under the current key and a previous
 * one given with its private part. signer.e2e.test.ts
 * runs it on Bun, Node, Deno and workerd and expects the same answer from each. No runtime API
 * here: cli.ts runs it as a command (Node, Deno), probe-worker.ts as a Worker.
 */

import { kidOf, signerFromKeys } from "../../../keys/ed25519-keys.ts";
import { readPreviousKeys } from "../../../keys/previous-keys.ts";
import { readSigningKey } from "../../../keys/signing-key.ts";
import { bytesToBase64Url } from "../../../shared/lib/base64url.ts";

/** The key to probe: its private JWK and PEM texts, earlier public keys, and messages to sign. */
export interface ProbeInput {
  jwk: string;
  pem: string;
  previous: string;
  messages: string[];
}

/** The probe's answer on this runtime. */
export function probe(input: ProbeInput) {
  const signer = signerFromKeys(readSigningKey(input.jwk), readPreviousKeys(input.previous));
  const encoder = new TextEncoder();
  const signatures = input.messages.map((message) => {
    const data = encoder.encode(message);
    const signature = signer.sign(data);
    const changed = encoder.encode(`${message}.`);
    return {
      signature: bytesToBase64Url(signature),
      verifies: signer.verify(signer.kid, data, signature),
      changedVerifies: signer.verify(signer.kid, changed, signature),
      otherKidVerifies: signer.keys.slice(1).some((key) => signer.verify(key.kid, data, signature)),
    };
  });
  const macs = signer.sealKids.map((kid) => {
    const mac = signer.mac(kid, "header.")!;
    return { kid, macs: input.messages.map((message) => mac(message)), ended: input.messages.map((m) => mac(m, "}")) };
  });
  return { kid: signer.kid, keys: signer.keys, pemKid: kidOf(readSigningKey(input.pem)), signatures, macs };
}
