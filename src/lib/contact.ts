// Links that reach the firm: a telephone number a phone can dial, an address a mail client opens.

/** `+1 212 555 0100` -> `tel:+12125550100`: the digits and a leading +, as RFC 3966 wants. */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^0-9]/g, "");
  return `tel:${phone.trim().startsWith("+") ? "+" : ""}${digits}`;
}

/** A mailto: link to one address. */
export function mailtoHref(email: string): string {
  return `mailto:${encodeURIComponent(email).replace("%40", "@")}`;
}
