import tokens from "../../styles/tokens.css?inline";

/**
 * The brand's tokens declared on the widget's own elements instead of the page's root, for another
 * site's page: the widget gets the brand's colours and spacing without touching the host's
 * styles. The typefaces are named but not loaded, so a host page that does not load them shows
 * its own system font.
 */
export function scopedTokens(rootClass: string, errorClass: string): string {
  return tokens.replace(/:root\b/g, `:where(.${rootClass}, .${errorClass})`);
}
