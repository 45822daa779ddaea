import { apiDateTime } from "../../rules/date-time.ts";

/**
 * Rows with the named date-time fields back in the API's form: the database keeps 7 fractional
 * digits, Sitefinity writes them with the trailing zeros dropped.
 */
export function withApiDates<R extends object>(rows: R[], ...fields: (keyof R)[]): R[] {
  return rows.map((row) => {
    const copy = { ...row };
    for (const field of fields) copy[field] = apiDateTime(String(row[field])) as R[keyof R];
    return copy;
  });
}
