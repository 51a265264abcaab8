/**
 * The real Bun server (`bun api/bun/server.ts`, a child process on a free port): health and a create
 * over HTTP, and a demo key sent in raw UTF-8 bytes on the wire getting the key_id of its text.
 * The handler's HTTP behaviour without a server is in handler.test.ts.
 */
import { describe, expect, test } from "bun:test";
import { startServer } from "../../scripts/harness/live-server.ts";
import { exchange } from "../../scripts/harness/raw-http.ts";
import { keyIdOf } from "../support/derived-ids.ts";
import { CREATE } from "../support/helpers.ts";

const JSON_TYPE = "application/json; charset=utf-8";

describe("the real server (api/bun/server.ts)", () => {
  test("serves health and a create on the port PORT names", async () => {
    const server = await startServer();
    try {
      const health = await fetch(`${server.base}/api/health.json`);
      expect(health.status).toBe(200);
      expect(((await health.json()) as { ok: boolean }).ok).toBe(true);

      const response = await fetch(`${server.base}/api/v0/transition`, {
        method: "POST",
        body: JSON.stringify({ action: "create", ...CREATE }),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe(JSON_TYPE);
      const body = (await response.json()) as { ok: boolean; job: { id: string; status: string; createdAt: string } };
      expect(body.ok).toBe(true);
      expect(body.job.id).toMatch(/^as_[0-9a-f]{10}$/);
      expect(body.job.status).toBe("open");
      expect(Math.abs(Date.parse(body.job.createdAt) - Date.now())).toBeLessThan(60_000);

      // A demo key in raw UTF-8 bytes on the wire, as curl sends it, gets the key_id of its text.
      const payload = JSON.stringify({ action: "create", ...CREATE });
      const head = `POST /api/v0/quote HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Length: ${payload.length}\r\nX-Service-Key: `;
      const raw = await exchange(
        server.port,
        Buffer.concat([
          Buffer.from(head, "latin1"),
          Buffer.from("clé-🔑", "utf8"),
          Buffer.from(`\r\n\r\n${payload}`, "latin1"),
        ]),
      );
      expect(raw.response?.status).toBe(200);
      expect(raw.response?.text).toContain(`"key_id":"${keyIdOf("clé-🔑")}"`);
    } finally {
      await server.stop();
    }
  }, 15_000);
});
