/**
 * The ids the engine derives with SHA-256, computed here with node:crypto rather than the
 * project's own shared/lib/sha256.ts, so a wrong hash in the engine cannot agree with itself.
 */
import { createHash } from "node:crypto";

/** Hex SHA-256 of a string's UTF-8 bytes. */
const sha256Hex = (text: string): string => createHash("sha256").update(text, "utf8").digest("hex");

/** D14: the key_id of a demo key, `k_` + first 12 hex of SHA-256(UTF-8 token). */
export const keyIdOf = (token: string): string => `k_${sha256Hex(token).slice(0, 12)}`;

/** D15: a create's job id, `as_` + first 10 hex of SHA-256 of key, title, amount and criteria, newline-joined. */
export const jobIdOf = (key: string, title: string, amount: number, criteria: string): string =>
  `as_${sha256Hex(`${key}\n${title}\n${amount}\n${criteria}`).slice(0, 10)}`;
