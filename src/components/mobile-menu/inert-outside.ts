/**
 * Makes everything on the page except `keep` inert: the siblings of `keep` and of each of
 * its ancestors up to <body>. So the menu can stay where the header renders it (server
 * markup equals the first client render; no portal) while main, footer, the rest of the
 * header and any other island are out of reach of focus, clicks and assistive technology.
 * Returns the function that undoes exactly what it did (elements inert before stay inert).
 */
export function inertOutside(keep: Element): () => void {
  const changed: Element[] = [];
  const body = keep.ownerDocument.body;
  for (let node = keep; node !== body && node.parentElement; node = node.parentElement) {
    for (const sibling of Array.from(node.parentElement.children)) {
      if (sibling === node || sibling.hasAttribute("inert")) continue;
      sibling.setAttribute("inert", "");
      changed.push(sibling);
    }
  }
  return () => {
    for (const element of changed) element.removeAttribute("inert");
  };
}
