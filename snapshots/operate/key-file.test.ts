/**
 * The default signing key (keys/key-file.ts): without SIGNING_KEY, the key in
 * SIGNING_KEY_FILE or ~/.agent-escrow-demo/signing-key.json, made once (mode 0600, its folder
 * 0700) and read by every later start; a file that holds no key stops the start with a message
 * naming the file and quoting nothing of it; with SEALS=off or a SIGNING_KEY no file is touched.
 * Starts at once and WORKERS=n sharing one file are in key-file.e2e.test.ts.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { createPrivateKey } from "node:crypto";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { readSettings, SettingError } from "../../api/host/settings.ts";
import { kidOf } from "../../keys/ed25519-keys.ts";
import { keyFileExposure, keyFilePath, keyFromFile, withKeyFile } from "../../keys/key-file.ts";
import { readSigningKey } from "../../keys/signing-key.ts";
import { TEST_KID, TEST_SIGNING_JWK } from "../../scripts/harness/test-key.ts";

const root = mkdtempSync(join(tmpdir(), "escrow-key-file-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let made = 0;
/** A path under a fresh folder that does not exist yet. */
const freshPath = (): string => join(root, `case-${++made}`, "keys", "signing-key.json");

describe("where the key file is", () => {
  test("SIGNING_KEY_FILE when set, else ~/.agent-escrow-demo/signing-key.json under HOME", () => {
    expect(keyFilePath({ SIGNING_KEY_FILE: "/srv/keys/k.json", HOME: "/home/a" })).toBe("/srv/keys/k.json");
    expect(keyFilePath({ HOME: "/home/a" })).toBe("/home/a/.agent-escrow-demo/signing-key.json");
    expect(keyFilePath({ SIGNING_KEY_FILE: "  ", HOME: "/home/a" })).toBe(
      "/home/a/.agent-escrow-demo/signing-key.json",
    );
    expect(keyFilePath({})).toBe(join(homedir(), ".agent-escrow-demo/signing-key.json"));
  });
});

describe("a key file others could read is warned of at start (D27)", () => {
  const keyText = `${JSON.stringify(TEST_SIGNING_JWK)}\n`;
  const fileWith = (mode: number): string => {
    const path = freshPath();
    keyFromFile(path);
    writeFileSync(path, keyText);
    chmodSync(path, mode);
    return path;
  };

  test("an owner-only file made by the service, or one given 0600 or 0400, gets no warning", () => {
    const path = freshPath();
    expect(keyFromFile(path).warning).toBeNull();
    expect(keyFromFile(path).warning).toBeNull();
    expect(keyFromFile(fileWith(0o600)).warning).toBeNull();
    expect(keyFromFile(fileWith(0o400)).warning).toBeNull();
  });

  test.each([0o640, 0o644, 0o604, 0o660, 0o666])(
    "mode %o: a warning naming the file and its mode, quoting nothing of the key",
    (mode) => {
      const path = fileWith(mode);
      const { key, warning } = keyFromFile(path);
      expect(kidOf(key)).toBe(TEST_KID);
      expect(warning).toBe(
        `Warning: the signing key file ${path} (SIGNING_KEY_FILE) is readable or writable by its group or others (mode ${mode.toString(8)}): whoever can read it can forge this service's seals and receipt signatures. Make it owner-only (chmod 600, owned by the user that runs the service), or set SIGNING_KEY.`,
      );
      expect(warning).not.toContain(TEST_SIGNING_JWK.d);
    },
  );

  test("a file owned by another user than the service's is warned of too", () => {
    const path = fileWith(0o600);
    const owner = statSync(path).uid;
    expect(keyFileExposure(path, owner)).toBeNull();
    expect(keyFileExposure(path, owner + 1)).toContain(
      `is owned by another user (uid ${owner}, this process runs as ${owner + 1})`,
    );
  });

  test("the warning rides on the signing settings, for the start to print", () => {
    const path = fileWith(0o644);
    const settings = readSettings({ SIGNING_KEY_FILE: path });
    expect(withKeyFile(settings.signing, settings.keyFile).warning).toStartWith("Warning: the signing key file");
    chmodSync(path, 0o600);
    expect(withKeyFile(settings.signing, settings.keyFile)).not.toHaveProperty("warning");
  });
});

describe("the key file", () => {
  test("is made on first use, owner-only, as a private JWK that SIGNING_KEY would take too", () => {
    const path = freshPath();
    const first = keyFromFile(path);
    expect(first.created).toBe(true);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(path, "..")).mode & 0o777).toBe(0o700);
    const text = readFileSync(path, "utf8");
    expect(text).toEndWith("}\n");
    expect(JSON.parse(text)).toMatchObject({ kty: "OKP", crv: "Ed25519", kid: kidOf(first.key) });
    expect(kidOf(readSigningKey(text))).toBe(kidOf(first.key));
  });

  test("is read, not made again, by every later start: the same kid", () => {
    const path = freshPath();
    const first = keyFromFile(path);
    const text = readFileSync(path, "utf8");
    for (let i = 0; i < 3; i++) {
      const again = keyFromFile(path);
      expect(again.created).toBe(false);
      expect(kidOf(again.key)).toBe(kidOf(first.key));
    }
    expect(readFileSync(path, "utf8")).toBe(text);
  });

  test("may be a key written by hand (a PEM too), with or without a final line break", () => {
    const path = freshPath();
    keyFromFile(path);
    const pem = createPrivateKey({ key: TEST_SIGNING_JWK, format: "jwk" })
      .export({ type: "pkcs8", format: "pem" })
      .toString();
    for (const text of [
      JSON.stringify(TEST_SIGNING_JWK),
      `${JSON.stringify(TEST_SIGNING_JWK)}\n`,
      pem,
      pem.trimEnd(),
    ]) {
      writeFileSync(path, text);
      expect(kidOf(keyFromFile(path).key), text.slice(0, 30)).toBe(TEST_KID);
    }
  });

  test("that holds no key stops the start, naming the file and saying how to go on, quoting nothing of it", () => {
    const path = freshPath();
    keyFromFile(path);
    const secret = `${TEST_SIGNING_JWK.d}-not-a-key`;
    writeFileSync(path, `${JSON.stringify({ kty: "OKP", crv: "Ed25519", d: secret })}\n`);
    let message = "";
    try {
      keyFromFile(path);
    } catch (error) {
      expect(error).toBeInstanceOf(SettingError);
      message = (error as Error).message;
    }
    expect(message).toStartWith(`The signing key file ${path}'s "d" is not 32 bytes`);
    expect(message).toContain("remove it to make a new key");
    // Only a private previous key keeps its seals; a public one keeps its receipts.
    expect(message).toContain("seals then no longer hold unless its private key is in SIGNING_PREVIOUS_KEYS");
    expect(message).toContain("signatures no longer verify unless at least its public key is there");
    expect(message).not.toContain(TEST_SIGNING_JWK.d);
  });

  test("that cannot be read or made stops the start, naming it and what to set instead", () => {
    const blocker = join(root, `blocker-${++made}`);
    writeFileSync(blocker, "a file where the folder should be");
    const under = join(blocker, "signing-key.json");
    expect(() => keyFromFile(under)).toThrow(
      new SettingError(`Cannot read the signing key file ${under} (SIGNING_KEY_FILE): ENOTDIR.`),
    );
    // /proc takes no new folder, whoever asks (root too).
    const nowhere = "/proc/agent-escrow-demo/signing-key.json";
    expect(() => keyFromFile(nowhere)).toThrow(
      new SettingError(
        `Cannot create the signing key file ${nowhere} (SIGNING_KEY_FILE): ENOENT. Set SIGNING_KEY, or SIGNING_KEY_FILE to a file this process may create, or SEALS=off.`,
      ),
    );
  });
});

describe("which starts read or make it (settingsOrExit)", () => {
  test("seals on or required without SIGNING_KEY: the key file's key, named as the source", () => {
    for (const SEALS of ["on", "required"]) {
      const path = freshPath();
      const settings = readSettings({ SEALS, SIGNING_KEY_FILE: path });
      expect(settings.signing.key).toBeNull();
      const signing = withKeyFile(settings.signing, settings.keyFile);
      expect(signing.source).toBe(path);
      expect(kidOf(signing.key!)).toBe(kidOf(keyFromFile(path).key));
    }
  });

  test("SEALS=off, or a SIGNING_KEY: no file is read or made", () => {
    const path = freshPath();
    const off = readSettings({ SEALS: "off", SIGNING_KEY_FILE: path });
    expect(withKeyFile(off.signing, off.keyFile)).toEqual(off.signing);
    const keyed = readSettings({ SIGNING_KEY: JSON.stringify(TEST_SIGNING_JWK), SIGNING_KEY_FILE: path });
    const signing = withKeyFile(keyed.signing, keyed.keyFile);
    expect(signing.source).toBe("SIGNING_KEY");
    expect(kidOf(signing.key!)).toBe(TEST_KID);
    expect(existsSync(join(path, "../.."))).toBe(false);
  });
});
