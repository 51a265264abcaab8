/**
 * What the code before HS256 seals made (commit 83c672f, on the fixed clock and counting ids, with
 * the RFC 8032 test key of scripts/harness/test-key.ts): job seals in the older form (EdDSA over
 * the job as the protocol reads it, header without typ) and a receipt with job_sealed and a signature without
 * typ. A handoff link of the funded job, a receipt link of the released one, and the demo pack
 * holding both (its activity cut to the newest two events). They must still open, counting as
 * not sealed or signed.
 */

/** The handoff link of a funded job with a hold, sealed in the older form. */
export const OLDER_HANDOFF =
  "h1.eyJ2IjoxLCJqb2IiOnsiaWQiOiJhc18wMDAwMDAwMDAxIiwidCI6IlN1bW1hcmlzZSBhIHBhcGVyIiwiYSI6MTAwLCJjIjoiRml2ZSBidWxsZXQgcG9pbnRzIiwicCI6IiIsInMiOiJmdW5kZWQiLCJjYSI6IjIwMjYtMDEtMDFUMDA6MDA6MDAuMDAwWiIsImZhIjoiMjAyNi0wMS0wMVQwMDowMDowMC4wMDBaIiwic2EiOm51bGwsInJhIjpudWxsLCJmIjowLCJhcCI6MCwiY3IiOiJvcmRlci03IiwiZWEiOiIyMDI2LTAxLTAxVDAwOjEwOjAwLjAwMFoiLCJzZSI6ImV5SmhiR2NpT2lKRlpFUlRRU0lzSW10cFpDSTZJbXRRY2t0ZmNXMTRWbGRoV1ZaQk9YZDNRa1kyU1hWdk0zWldlbm8zVkhoSVExUjNXRUo1WjNKVE5Hc2lmUS4uX3pEbmFYRjd6ZVhlN0tFUjNjUzJWNWZMSzA1RzJhSlZ3WTlMeTVWeGh2aWlrX3VUcXBBOTNoVV91My1iTEVpc2lzbzc2SG1LRnM3ZDNaeVd1bEg4QWcifSwibmV4dCI6WyJzdWJtaXQiXX0";

/** The receipt link of a released job: job_sealed (js) and the older signature, detached (sg). */
export const OLDER_RECEIPT =
  "r1.eyJ2IjoxLCJqIjoiYXNfMDAwMDAwMDAwMiIsInQiOiJTZWNvbmQiLCJzIjoicmVsZWFzZWQiLCJhIjoxMDAsImYiOjUsImFwIjo5NSwicnAiOjAsImMiOiJGaXZlIGJ1bGxldCBwb2ludHMiLCJwIjoiaHR0cHM6Ly9leGFtcGxlLmNvbS9wcm9vZiIsImNhIjoiMjAyNi0wMS0wMVQwMDowMDowMC4wMDBaIiwiZmEiOiIyMDI2LTAxLTAxVDAwOjAwOjAwLjAwMFoiLCJzYSI6IjIwMjYtMDEtMDFUMDA6MDA6MDAuMDAwWiIsInJhIjoiMjAyNi0wMS0wMVQwMDowMDowMC4wMDBaIiwicG4iOiJEb25lLiIsImsiOiJrX2U3ODY5NzBmODc2OCIsImpzIjp0cnVlLCJzZyI6ImV5SmhiR2NpT2lKRlpFUlRRU0lzSW10cFpDSTZJbXRRY2t0ZmNXMTRWbGRoV1ZaQk9YZDNRa1kyU1hWdk0zWldlbm8zVkhoSVExUjNXRUo1WjNKVE5Hc2lmUS4uQUptN0hfalRRWldaWVRYNjM4SUxSQ1Z1MUFodkJLUk5vMHd4MWJVakw3SmlPYW80SExqVW51cWxsaU81bU5XWFZtSGppX3dhYVRuM3FzVUowNlZVQmcifQ";

/** The demo pack holding both jobs (sealed in the older form) and the receipt (job_sealed, older signature). */
export const OLDER_PACK = {
  format: "agent-escrow-demo-pack",
  version: 1,
  money: false,
  payer_credits: 800,
  agent_credits: 95,
  jobs: [
    {
      id: "as_0000000002",
      title: "Second",
      amount: 100,
      criteria: "Five bullet points",
      proofUrl: "https://example.com/proof",
      proofNote: "Done.",
      status: "released",
      createdAt: "2026-01-01T00:00:00.000Z",
      fundedAt: "2026-01-01T00:00:00.000Z",
      submittedAt: "2026-01-01T00:00:00.000Z",
      resolvedAt: "2026-01-01T00:00:00.000Z",
      fee: 5,
      agentPayout: 95,
      seal: "eyJhbGciOiJFZERTQSIsImtpZCI6ImtQcktfcW14VldhWVZBOXd3QkY2SXVvM3ZWeno3VHhIQ1R3WEJ5Z3JTNGsifQ..U8xynyVsDgOC_Sgs-OYN8whbRlEzr5o65Zds52hoIySdMDwMdEV2iDMBLRRr8ju1GlKgyYj1nUc4icaBBwfgAg",
    },
    {
      id: "as_0000000001",
      title: "Summarise a paper",
      amount: 100,
      criteria: "Five bullet points",
      proofUrl: "",
      status: "funded",
      createdAt: "2026-01-01T00:00:00.000Z",
      fundedAt: "2026-01-01T00:00:00.000Z",
      submittedAt: null,
      resolvedAt: null,
      fee: 0,
      agentPayout: 0,
      clientRef: "order-7",
      expiresAt: "2026-01-01T00:10:00.000Z",
      seal: "eyJhbGciOiJFZERTQSIsImtpZCI6ImtQcktfcW14VldhWVZBOXd3QkY2SXVvM3ZWeno3VHhIQ1R3WEJ5Z3JTNGsifQ.._zDnaXF7zeXe7KER3cS2V5fLK05G2aJVwY9Ly5Vxhviik_uTqpA93hU_u3-bLEisiso76HmKFs7d3ZyWulH8Ag",
    },
  ],
  received_jobs: [],
  receipts: [
    {
      job_id: "as_0000000002",
      title: "Second",
      status: "released",
      amount: 100,
      release_fee: 5,
      agent_payout: 95,
      returned_to_payer: 0,
      success_criteria: "Five bullet points",
      proof: "https://example.com/proof",
      created: "2026-01-01T00:00:00.000Z",
      funded: "2026-01-01T00:00:00.000Z",
      submitted: "2026-01-01T00:00:00.000Z",
      resolved: "2026-01-01T00:00:00.000Z",
      proof_note: "Done.",
      key_id: "k_e786970f8768",
      job_sealed: true,
      signature:
        "eyJhbGciOiJFZERTQSIsImtpZCI6ImtQcktfcW14VldhWVZBOXd3QkY2SXVvM3ZWeno3VHhIQ1R3WEJ5Z3JTNGsifQ.eyJqb2JfaWQiOiJhc18wMDAwMDAwMDAyIiwidGl0bGUiOiJTZWNvbmQiLCJzdGF0dXMiOiJyZWxlYXNlZCIsImFtb3VudCI6MTAwLCJyZWxlYXNlX2ZlZSI6NSwiYWdlbnRfcGF5b3V0Ijo5NSwicmV0dXJuZWRfdG9fcGF5ZXIiOjAsInN1Y2Nlc3NfY3JpdGVyaWEiOiJGaXZlIGJ1bGxldCBwb2ludHMiLCJwcm9vZiI6Imh0dHBzOi8vZXhhbXBsZS5jb20vcHJvb2YiLCJjcmVhdGVkIjoiMjAyNi0wMS0wMVQwMDowMDowMC4wMDBaIiwiZnVuZGVkIjoiMjAyNi0wMS0wMVQwMDowMDowMC4wMDBaIiwic3VibWl0dGVkIjoiMjAyNi0wMS0wMVQwMDowMDowMC4wMDBaIiwicmVzb2x2ZWQiOiIyMDI2LTAxLTAxVDAwOjAwOjAwLjAwMFoiLCJwcm9vZl9ub3RlIjoiRG9uZS4iLCJrZXlfaWQiOiJrX2U3ODY5NzBmODc2OCIsImpvYl9zZWFsZWQiOnRydWV9.AJm7H_jTQZWZYTX638ILRCVu1AhvBKRNo0wx1bUjL7JiOao4HLjUnuqlliO5mNWXVmHji_waaTn3qsUJ06VUBg",
    },
  ],
  activity: [
    {
      kind: "export",
      at: "2026-01-01T00:00:00.000Z",
      text: "Exported a demo pack: 2 jobs, 1 receipts.",
    },
    {
      kind: "release",
      at: "2026-01-01T00:00:00.000Z",
      text: 'Released "Second": fee 5, agent wallet +95.',
    },
  ],
};
