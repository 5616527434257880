/**
 * A spreadsheet's reading of a CSV file (RFC 4180 section 2, with the separator a parameter: a locale whose list
 * separator is ';' splits on ';'): quoted fields may hold separators, quotes (doubled) and line breaks.
 */
export function readCsv(text: string, separator: "," | ";"): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === "") quoted = true;
    else if (char === separator) {
      record.push(field);
      field = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      i++;
    } else field += char;
  }
  return records;
}
