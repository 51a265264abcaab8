/**
 * The x402 v2 wire objects this service reads and writes (x402-specification-v2.md §5:
 * PaymentRequired, PaymentRequirements, PaymentPayload, SettlementResponse, VerifyResponse), and
 * the `auth-capture` EVM `extra` and EIP-3009 payload (scheme_auth_capture_evm.md
 * "PaymentRequirements", "Client payment payload"), with the readers of the numbers and hex they
 * carry. A reader returns null for what is not what the specification spells.
 */
import type { Address } from "./evm-words.ts";

/** The x402 protocol version this service speaks. */
export const X402_VERSION = 2;

/** The scheme of every offer here. */
export const AUTH_CAPTURE = "auth-capture";

/** One payment option (§5.1.2): `extra` holds the scheme's fields. */
export interface PaymentRequirements {
  scheme: string;
  network: string;
  amount: string;
  asset: string;
  payTo: string;
  maxTimeoutSeconds: number;
  extra: Record<string, unknown>;
}

/** A 402's declaration (§5.1). */
export interface PaymentRequired {
  x402Version: typeof X402_VERSION;
  error?: string;
  /** The resource (§5.1.2 ResourceInfo). */
  resource: { url: string; description?: string; mimeType?: string };
  accepts: PaymentRequirements[];
  extensions?: Record<string, unknown>;
}

/** A settlement's outcome (§5.3), the PAYMENT-RESPONSE header's and /settle's. */
export interface SettleResponse {
  success: boolean;
  errorReason?: string;
  errorMessage?: string;
  payer?: string;
  transaction: string;
  network: string;
  amount?: string;
}

/** A verification's outcome (§5.4), /verify's. */
export interface VerifyResponse {
  isValid: boolean;
  invalidReason?: string;
  invalidMessage?: string;
  payer?: string;
}

/** A refusal: the specification's reason code and what it means here. */
export interface Refusal {
  ok: false;
  reason: string;
  message: string;
  payer?: Address;
}

/** A refusal with `reason` and `message`, naming the payer once one is known. */
export const refuse = (reason: string, message: string, payer?: Address): Refusal => ({
  ok: false,
  reason,
  message,
  ...(payer !== undefined && { payer }),
});

const UINT = /^(0|[1-9]\d{0,77})$/;
const WORD = /^0x[0-9a-fA-F]{64}$/;
const MAX_UINT256 = (1n << 256n) - 1n;

/** A uint256 written as decimal text (an atomic amount, a time), or null. */
export function uintText(value: unknown): bigint | null {
  if (typeof value !== "string" || !UINT.test(value)) return null;
  const number = BigInt(value);
  return number <= MAX_UINT256 ? number : null;
}

/** A whole number of at most `bits` bits written as a JSON number (uint48 deadlines, uint16 bps), or null. */
export function uintNumber(value: unknown, max: number): number | null {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0 && value <= max ? value : null;
}

/** A 32-byte value written out in full as 0x hex (a salt, a nonce: "Client payment payload"), or null. */
export const fullWord = (value: unknown): string | null =>
  typeof value === "string" && WORD.test(value) ? value : null;

/** The largest uint48 (a deadline). */
export const UINT48_MAX = 2 ** 48 - 1;
