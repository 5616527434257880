import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readCsv } from "../../../tests/support/csv";
import { type CsvValue, csvCell, csvRecordCount, toCsv } from "./csv.server";

const FORMULA = /^[=+\-@\t\r]/;

describe("the CSV writer", () => {
  it("quotes cells with a separator (',' or ';'), a quote or a line break, as RFC 4180 allows; leaves others bare", () => {
    const cells: [CsvValue, string][] = [
      ["plain", "plain"],
      ['say "hi"', '"say ""hi"""'],
      ["a,b", '"a,b"'],
      ["a;b", '"a;b"'],
      ["line\nbreak", '"line\nbreak"'],
      ["cr\rhere", '"cr\rhere"'],
      [null, ""],
      [undefined, ""],
      [42, "42"],
      [true, "true"],
    ];
    for (const [value, written] of cells) expect(csvCell(value), String(value)).toBe(written);
  });

  it("neutralises a cell a spreadsheet would run as a formula, and one hidden behind a ';'", () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell("\rcmd")).toBe(`"'\rcmd"`);
    expect(csvCell("a=b")).toBe("a=b");
    expect(csvCell("x;=2+3;y")).toBe(`"x;'=2+3;y"`);
    expect(csvCell("a;=2+3@example.com")).toBe(`"a;'=2+3@example.com"`);
  });

  it("joins cells with ',' and ends every record with CRLF (RFC 4180), and counts its records", () => {
    const body = toCsv([
      ["a", "b"],
      ["c", "line\r\nbreak"],
    ]);
    expect(body).toBe('a,b\r\nc,"line\r\nbreak"\r\n');
    expect(csvRecordCount(body)).toBe(2);
  });

  it("any cells: read back split on ',' the records and cells are the ones written, and the text survives", () => {
    // No apostrophe in the alphabet, so the writer's apostrophes can be told apart and taken out.
    const cell = fc.oneof(
      fc.string({ unit: fc.constantFrom("a", "1", ",", ";", '"', "\r", "\n", "\t", "=", "+", "-", "@", " ", "é") }),
      fc.integer(),
      fc.constant(null),
    );
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 5 }), (rows) => {
        const body = toCsv(rows);
        const unneutralised = readCsv(body, ",").map((record) =>
          record.map((field) => field.replace(/^'(?=[=+\-@\t\r])/, "").replace(/([,;\r\n])'(?=[=+\-@\t\r"]|$)/g, "$1")),
        );
        expect(unneutralised).toEqual(rows.map((row) => row.map((value) => (value === null ? "" : String(value)))));
        expect(csvRecordCount(body)).toBe(rows.length);
      }),
      { numRuns: 300 },
    );
  });

  it("any cells: read split on ',' or on ';', no field a spreadsheet makes starts a formula", () => {
    const cell = fc.oneof(
      fc.string({ unit: fc.constantFrom("a", ",", ";", '"', "'", "\r", "\n", "\t", "=", "+", "-", "@", " ") }),
      fc.string(),
    );
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 5 }), (rows) => {
        const body = toCsv(rows);
        for (const separator of [",", ";"] as const)
          for (const record of readCsv(body, separator)) for (const field of record) expect(field).not.toMatch(FORMULA);
      }),
      { numRuns: 500 },
    );
  });
});
