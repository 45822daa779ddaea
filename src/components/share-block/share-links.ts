/** The mailto: link that opens a new email with the page title as subject and its address as body. */
export function emailShareHref(title: string, url: string): string {
  // encodeURIComponent, not URLSearchParams: mail clients read "+" literally, not as a space.
  return `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(url)}`;
}

/** LinkedIn's share dialog for a page address. */
export function linkedInShareHref(url: string): string {
  return `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`;
}
