/**
 * Test-only: stops the submits of a search form, which jsdom cannot follow (a browser would load
 * /search?q=…), and keeps what each would have sent, as the query string of its GET.
 */
export function catchSubmits(form: HTMLElement): string[] {
  const sent: string[] = [];
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const data = new FormData(event.target as HTMLFormElement);
    sent.push(new URLSearchParams(data as unknown as Record<string, string>).toString());
  });
  return sent;
}
