// How a tombstone words a deal: the verb between the client and the other side, and the firm's
// role, from the deal's Service (one of the site's services; another firm's own words pass through).

interface ServiceWords {
  /** Between the client and the counterparty: "Keystone Networks" has been acquired by "Lindqvist". */
  verb: string;
  /** The firm's role, as a tombstone states it. */
  role: string;
}

const WORDS: Record<string, ServiceWords> = {
  "sell-side advisory": { verb: "has been acquired by", role: "Sell-side advisor" },
  "buy-side advisory": { verb: "has acquired", role: "Buy-side advisor" },
  "capital raising": { verb: "has raised capital from", role: "Placement agent" },
  restructuring: { verb: "has completed a restructuring with", role: "Restructuring advisor" },
  "valuation & fairness opinions": { verb: "has merged with", role: "Fairness opinion" },
};

/** The verb and role for a deal's service; a plain "transaction with" when it has none. */
export function tombstoneWords(service: string | null | undefined): ServiceWords {
  if (!service) return { verb: "transaction with", role: "" };
  return WORDS[service.trim().toLowerCase()] ?? { verb: "transaction with", role: service.trim() };
}

/** A close date's year, as a tombstone prints it (the calendar day in UTC, as the pages show). */
export const closeYear = (iso: string) => String(new Date(iso).getUTCFullYear());
