const MM = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });
const BN = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

/** A deal size in $MM for a tombstone: `$12.5 million`, `$2.35 billion`, or `Undisclosed`. */
export function formatDealSize(sizeMM: number | null): string {
  if (sizeMM === null) return "Undisclosed";
  if (sizeMM >= 1000) return `$${BN.format(sizeMM / 1000)} billion`;
  return `$${MM.format(sizeMM)} million`;
}

const WHOLE = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** A total in $MM as a headline figure: `$418 billion`, `$950 million`. */
export function formatTotalValue(sizeMM: number): string {
  if (sizeMM >= 1000) return `$${WHOLE.format(sizeMM / 1000)} billion`;
  return `$${WHOLE.format(sizeMM)} million`;
}
