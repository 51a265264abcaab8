/**
 * The default signing key as `bun run api` uses it: a fresh start makes the key file
 * and says which kid it signs with, a restart reads it (the same key set), the default file is
 * under HOME, the processes of WORKERS=2 serve one key set, starts at once make one file between
 * them, and a bad SIGNING_KEY or SEALS stops the start with one line that never quotes the key.
 * How each value is read is in keys.test.ts and key-file.test.ts.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { outputOf } from "../../scripts/harness/child-output.ts";
import { childrenOf, ROOT, running, startServer } from "../../scripts/harness/live-server.ts";
import { TEST_SIGNING_JWK } from "../../scripts/harness/test-key.ts";
import { refusedStart, until } from "../support/wire-helpers.ts";

const root = mkdtempSync(join(tmpdir(), "escrow-key-file-e2e-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let made = 0;
const freshFile = (): string => join(root, `case-${++made}`, "signing-key.json");

const keySetOf = async (base: string) => (await fetch(`${base}/.well-known/jwks.json`)).json();

describe("the default key file under bun run api", () => {
  test("a fresh start makes it and names its kid; a restart reads it and serves the same key set", async () => {
    const file = freshFile();
    const first = await startServer({ SIGNING_KEY_FILE: file });
    let keys: { kid: string }[];
    try {
      ({ keys } = await keySetOf(first.base));
      expect(keys).toHaveLength(1);
      await until(() => first.stdout().includes("seals on"), 5_000, "the start line");
      expect(first.stdout()).toContain(`; seals on, kid ${keys[0]!.kid} from ${file}\n`);
    } finally {
      await first.stop();
    }
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const text = readFileSync(file, "utf8");
    expect(first.stdout()).not.toContain(JSON.parse(text).d);
    const again = await startServer({ SIGNING_KEY_FILE: file });
    try {
      expect(await keySetOf(again.base)).toEqual({ keys });
    } finally {
      await again.stop();
    }
    expect(readFileSync(file, "utf8")).toBe(text);
  });

  test("a key file its group or others can read is warned of on stderr, and the service starts", async () => {
    const file = freshFile();
    mkdirSync(join(file, ".."), { recursive: true });
    writeFileSync(file, `${JSON.stringify(TEST_SIGNING_JWK)}\n`, { mode: 0o644 });
    chmodSync(file, 0o644);
    const server = await startServer({ SIGNING_KEY_FILE: file });
    try {
      expect((await keySetOf(server.base)).keys).toHaveLength(1);
      await until(() => server.stderr().includes("Warning:"), 5_000, "the warning");
      expect(server.stderr()).toContain(
        `Warning: the signing key file ${file} (SIGNING_KEY_FILE) is readable or writable by its group or others (mode 644)`,
      );
      expect(server.stderr()).not.toContain(TEST_SIGNING_JWK.d);
    } finally {
      await server.stop();
    }
  });

  test("without SIGNING_KEY_FILE it is ~/.agent-escrow-demo/signing-key.json", async () => {
    const home = join(root, `home-${++made}`);
    const server = await startServer({ HOME: home, SIGNING_KEY_FILE: "" });
    try {
      const { keys } = await keySetOf(server.base);
      const file = join(home, ".agent-escrow-demo/signing-key.json");
      expect(JSON.parse(readFileSync(file, "utf8")).kid).toBe(keys[0].kid);
    } finally {
      await server.stop();
    }
  });

  test("SEALS=off makes no file and serves an empty key set", async () => {
    const file = freshFile();
    const server = await startServer({ SEALS: "off", SIGNING_KEY_FILE: file });
    try {
      expect(await keySetOf(server.base)).toEqual({ keys: [] });
      await until(() => server.stdout().includes("seals off"), 5_000, "the start line");
    } finally {
      await server.stop();
    }
    expect(existsSync(file)).toBe(false);
  });

  test("WORKERS=2: the child serves the key set the first process made", async () => {
    const file = freshFile();
    const server = await startServer({ WORKERS: "2", SIGNING_KEY_FILE: file });
    let child = 0;
    try {
      const fromFirst = await keySetOf(server.base);
      await until(
        () => {
          child = childrenOf(server.pid).find(running) ?? 0;
          return child !== 0 && server.stdout().includes("(2 processes)");
        },
        10_000,
        "the child",
      );
      // Only the child holds the port once the first process is killed outright.
      process.kill(server.pid, "SIGKILL");
      await until(() => !server.alive(), 5_000, "the first process to die");
      let fromChild: unknown;
      await until(
        async () => {
          fromChild = await keySetOf(server.base).catch(() => undefined);
          return fromChild !== undefined;
        },
        5_000,
        "the child to answer",
      );
      expect(fromChild).toEqual(fromFirst);
      expect(JSON.parse(readFileSync(file, "utf8")).kid).toBe(fromFirst.keys[0].kid);
    } finally {
      if (child !== 0 && running(child)) process.kill(child, "SIGKILL");
      await server.stop();
    }
  }, 30_000);

  test("starts at once make one key file between them, and all sign with it", async () => {
    const file = freshFile();
    const script = `import { keyFromFile } from ${JSON.stringify(join(ROOT, "keys/key-file.ts"))};
import { kidOf } from ${JSON.stringify(join(ROOT, "keys/ed25519-keys.ts"))};
const { key, created } = keyFromFile(${JSON.stringify(file)});
console.log(JSON.stringify({ kid: kidOf(key), created }));`;
    const starts = Array.from({ length: 6 }, () =>
      Bun.spawn([process.execPath, "-e", script], { cwd: ROOT, stdout: "pipe", stderr: "pipe" }),
    );
    const answers = await Promise.all(
      starts.map(async (start) => {
        const { code, stdout: out, stderr: err } = await outputOf(start);
        expect(code, err).toBe(0);
        return JSON.parse(out) as { kid: string; created: boolean };
      }),
    );
    expect(answers.filter((answer) => answer.created)).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.kid)).size).toBe(1);
    expect(JSON.parse(readFileSync(file, "utf8")).kid).toBe(answers[0]!.kid);
  }, 30_000);
});

describe("a signing setting that cannot be used stops the start with one line", () => {
  test("a SIGNING_KEY that is no key: the line names it and quotes nothing of it", async () => {
    // The test key's d with RFC 8032 §7.1 TEST 2's public key.
    const secret = JSON.stringify({ ...TEST_SIGNING_JWK, x: "PUAXw-hDiVqStwqnTRt-vJyYLM8uxJaMwM1V8Sr0Zgw" });
    const { code, stderr, stdout } = await refusedStart({ SIGNING_KEY: secret });
    expect(code).toBe(1);
    expect(stderr).toBe(`SIGNING_KEY's "x" is not the public key of its "d": the JWK is damaged or mixes two keys.\n`);
    expect(`${stderr}${stdout}`).not.toContain(TEST_SIGNING_JWK.d);
  });

  test("a SEALS that is not on, required or off", async () => {
    const { code, stderr } = await refusedStart({ SEALS: "always" });
    expect(code).toBe(1);
    expect(stderr).toBe('SEALS must be on, required or off; got "always".\n');
  });

  test("a key file that holds no key, naming the file", async () => {
    const file = join(root, `bad-${++made}.json`);
    await Bun.write(file, "not a key\n");
    const { code, stderr } = await refusedStart({ SIGNING_KEY_FILE: file });
    expect(code).toBe(1);
    expect(stderr).toStartWith(`The signing key file ${file} must be an Ed25519 private key`);
    expect(stderr.trimEnd().split("\n")).toHaveLength(1);
  });
});
