/**
 * The service's own addresses on the demo network (D30), derived from the signing key as the
 * seal key is (ed25519-keys.ts): HKDF-SHA256 of its 32 private bytes, no salt, with the
 * documented infos OPERATOR_KEY_INFO and FEE_KEY_INFO, 32 bytes each, read as secp256k1 private
 * scalars whose addresses are the offer's `captureAuthorizer` and `feeRecipient`. So every process
 * and runtime given one signing key offers the same addresses, with no setting of its own. The
 * scalars stay here: only the addresses leave, never a key.
 */
import { hkdfSync, type KeyObject } from "node:crypto";
import { FEE_KEY_INFO, identityOf, OPERATOR_KEY_INFO, type X402Identity } from "../shared/x402/demo-network.ts";
import { publicKeyOf } from "../shared/x402/recover.ts";
import { privateBytes } from "./ed25519-keys.ts";

/** The 32-byte secp256k1 scalar of `info` from an Ed25519 private key. */
const scalarOf = (key: KeyObject, info: string): Uint8Array =>
  new Uint8Array(hkdfSync("sha256", privateBytes(key), new Uint8Array(0), info, 32));

/** The demo network addresses of the Ed25519 private key `key` (D30). */
export const x402IdentityOf = (key: KeyObject): X402Identity =>
  identityOf(publicKeyOf(scalarOf(key, OPERATOR_KEY_INFO)), publicKeyOf(scalarOf(key, FEE_KEY_INFO)));
