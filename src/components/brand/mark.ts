/**
 * The firm's mark as data: a ridge and one contour line under it on a square field. The header's
 * logo (Logo.tsx), the favicon, the touch icon and the share picture (scripts/brand-images.ts)
 * all draw from this, so a firm's own mark replaces these few lines (docs/brand.md).
 */
export const MARK = {
  viewBox: "0 0 40 40",
  /** The field's corner radius, in the view box's units. */
  radius: 3,
  /** The ridge, drawn in the accent on the field. */
  ridge: "M5 25.5 14 12.5l5 6.5 7.5-11L35 25.5",
  ridgeWidth: 3.2,
  /** The contour line beneath it, drawn in the field's contrast colour. */
  contour: "M5 31.5 13.5 22l4.5 4.5 7-9.5 10 14.5",
  contourWidth: 2,
} as const;

/** The tokens the mark's colours come from (src/styles/tokens.css). */
export const MARK_TOKENS = {
  field: "--color-brand",
  ridge: "--color-on-brand-accent",
  contour: "--color-brand-contrast",
} as const;
