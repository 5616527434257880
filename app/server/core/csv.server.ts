/**
 * The site's one CSV writer: every export (orders, a course's progress, subscribers, the Analytics tables) writes its
 * cells through it. RFC 4180 (records end in CRLF, a quoted cell doubles its quotes) with OWASP's rules against
 * formula injection (https://owasp.org/www-community/attacks/CSV_Injection):
 *
 * - a cell that holds a separator (',' or ';': spreadsheets set to a locale whose list separator is ';' split on it,
 *   so `x;=2+3;y` unquoted becomes three cells, the second a formula), a quote, CR or LF is quoted. RFC 4180 allows any
 *   cell to be quoted, so quoting one with ';' keeps the file valid;
 * - a cell starting with '=', '+', '-', '@', tab or CR gets a leading apostrophe, which a spreadsheet shows as text;
 * - so does such a character right after a ',', ';' or line break inside a cell (and a quote there, or the cell's end):
 *   a spreadsheet that splits on the other separator treats a quote in the middle of a field as a plain character, so
 *   `2026-12-07,"a;=2+3@x"` read with ';' has a field `=2+3@x"`, a formula, though the cell was quoted. `a;=2+3@x` is
 *   written `a;'=2+3@x`. (A cell that is all text, the usual case, is written as it is.)
 *
 * In app/server/core so that the admin's and the analytics' exports share it without one feature importing another.
 */
export type CsvValue = string | number | boolean | null | undefined;

/** Characters that make a cell start a formula in a spreadsheet: at its start, or after a separator inside it. */
const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * Inside a cell, where a spreadsheet splitting on the other separator (or on a bare line break) starts a field: after
 * ',', ';', CR or LF. Followed by a formula character, a quote (which would start a quoted field there and shift every
 * field after it) or the cell's end (its closing quote), it gets an apostrophe.
 */
const FIELD_START_INSIDE = /([,;\r\n])(?=[=+\-@\t\r"]|$)/g;
/** Characters that make a cell need quotes: the separators a spreadsheet may split on, a quote, a line break. */
const NEEDS_QUOTES = /[",;\r\n]/;

/** One CSV cell: neutralised where it would start a formula, quoted (quotes doubled) when it holds a separator, a quote or a line break. */
export function csvCell(value: CsvValue): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  text = text.replace(FIELD_START_INSIDE, "$1'");
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows of cells as a CSV file: cells joined by ',', every record ended by CRLF. */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<CsvValue>>): string {
  return `${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

/** The records of a file `toCsv` wrote (a line break inside a quoted cell is not a record's end): for the export's audit entry. */
export function csvRecordCount(body: string): number {
  let records = 0;
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const char = body[i];
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === "\r" && body[i + 1] === "\n") records++;
  }
  return records;
}
