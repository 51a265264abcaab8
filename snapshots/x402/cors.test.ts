/**
 * D17 on the x402 paths (D30): a preflight names the path's methods and lets a page send
 * PAYMENT-SIGNATURE beside the service's own request headers; every answer lets a page read
 * PAYMENT-REQUIRED and PAYMENT-RESPONSE. Written out here, not read from cors.ts.
 */
import { describe, expect, test } from "bun:test";
import { CREATE } from "../support/helpers.ts";
import { post, x402Service } from "../support/x402-payer.ts";

const service = x402Service();
const ORIGIN = "https://agent.example";
const PATHS = [
  ["/api/v0/x402/fund", "POST, OPTIONS"],
  ["/api/v0/x402/verify", "POST, OPTIONS"],
  ["/api/v0/x402/settle", "POST, OPTIONS"],
  ["/api/v0/x402/supported", "GET, HEAD, OPTIONS"],
] as const;

describe("CORS on the x402 paths (D17, D30)", () => {
  test.each(PATHS)("a preflight of %s names %s and allows PAYMENT-SIGNATURE", async (path, methods) => {
    const response = await service(
      new Request(`http://localhost${path}`, {
        method: "OPTIONS",
        headers: { Origin: ORIGIN, "Access-Control-Request-Method": methods.split(",")[0]! },
      }),
    );
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-allow-methods")).toBe(methods);
    expect(response.headers.get("allow")).toBe(methods);
    expect(response.headers.get("access-control-allow-headers")).toBe(
      "Content-Type, Authorization, X-Service-Key, Idempotency-Key, X-Request-Id, PAYMENT-SIGNATURE",
    );
    expect(response.headers.get("access-control-max-age")).toBe("86400");
  });

  test("an unpaid fund's 402 lets a page read PAYMENT-REQUIRED and PAYMENT-RESPONSE", async () => {
    const created = await service(post("/api/v0/transition", { action: "create", ...CREATE }));
    const { job } = (await created.json()) as { job: unknown };
    const response = await service(post("/api/v0/x402/fund", { job, payer_credits: 1000 }));
    expect(response.status).toBe(402);
    const exposed = response.headers.get("access-control-expose-headers")?.split(", ") ?? [];
    expect(exposed).toEqual(expect.arrayContaining(["X-Request-Id", "PAYMENT-REQUIRED", "PAYMENT-RESPONSE"]));
  });
});
