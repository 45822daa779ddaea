import tokens from "virtual:widget-tokens";

/**
 * The brand's tokens declared on the widget's own elements instead of the page's root, for another
 * site's page: the widget gets the brand's colours and spacing without touching the host's
 * styles. Only the tokens the widgets' stylesheets read come along, their values worked out
 * (tools/widget-tokens.ts). The typefaces are named but not loaded, so a host page that does not
 * load them shows its own system font.
 */
export function scopedTokens(rootClass: string, errorClass: string): string {
  return tokens.replace(/:root\b/g, `:where(.${rootClass}, .${errorClass})`);
}
