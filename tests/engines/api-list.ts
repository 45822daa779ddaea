/** The `value` of one of the site's API lists (`/api/default/...`), read as a widget reads it. */
export async function apiList<T>(url: string): Promise<T[]> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return ((await response.json()) as { value: T[] }).value;
}
