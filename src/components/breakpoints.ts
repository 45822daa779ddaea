/** The desktop layout starts here; keep in sync with --desktop-min in src/styles/tokens.css. */
export const DESKTOP_QUERY = "(min-width: 64rem)";
