/**
 * The page's one number parser: every amount or number field (create
 * amount, top-up, hold seconds) reads what the page prints ("1,000"), with spaces around it, and
 * refuses decimals, exponents and anything else with one plain message; the engine's limits
 * decide the rest (a negative or a huge number still goes to the rule that judges it).
 */
import { describe, expect, test } from "bun:test";
import { NUMBER_MESSAGE, readNumber } from "../../site/src/client/form-values.ts";

describe("readNumber", () => {
  test.each([
    ["1000", 1000],
    ["1,000", 1000],
    [" 1,000 ", 1000],
    ["1,000,000", 1_000_000],
    ["250", 250],
    ["0", 0],
    ["-5", -5],
    ["007", 7],
    ["99999999999999999999", 1e20],
  ])("reads %p as %p", (text, value) => {
    expect(readNumber(text)).toEqual({ ok: true, value });
  });

  test.each(["", "   "])("reads a blank field %p as no value (the rule of that field says what is missing)", (text) => {
    expect(readNumber(text)).toEqual({ ok: true, value: undefined });
  });

  test.each([
    "1e6",
    "1e9",
    "1E3",
    "1.5",
    "1,000.00",
    "0x10",
    "Infinity",
    "NaN",
    "many",
    "1,00",
    "10,00,000",
    ",100",
    "1 000",
    "+5",
    "1_000",
  ])("refuses %p with the one plain message", (text) => {
    expect(readNumber(text)).toEqual({ ok: false, message: NUMBER_MESSAGE });
  });

  test("the message is in plain words and shows the form the page prints", () => {
    expect(NUMBER_MESSAGE).toContain("1,000");
    expect(NUMBER_MESSAGE).not.toMatch(/integer|JSON|NaN/);
  });
});
