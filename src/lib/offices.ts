import { addressLines } from "../content/office.ts";

// The firm's offices as the contact and home pages list them: the headquarters first.

/** The fields of an office these rules read. */
export interface OfficeItem {
  readonly Title: string;
  readonly Address: string;
  readonly Phone?: string | null;
  readonly Email?: string | null;
  readonly Ordinal?: number | null;
}

/** An office as a card shows it. */
export interface OfficeCard {
  city: string;
  address: string[];
  phone: string | null;
  email: string | null;
}

/** The offices by Ordinal (those without one last, in the content's order), as cards. */
export function officeCards(offices: readonly OfficeItem[]): OfficeCard[] {
  return offices
    .map((office, at) => ({ office, at }))
    .sort(
      (a, b) =>
        (a.office.Ordinal ?? Number.POSITIVE_INFINITY) -
          (b.office.Ordinal ?? Number.POSITIVE_INFINITY) || a.at - b.at,
    )
    .map(({ office }) => ({
      city: office.Title,
      address: addressLines(office.Address),
      phone: office.Phone ?? null,
      email: office.Email ?? null,
    }));
}
