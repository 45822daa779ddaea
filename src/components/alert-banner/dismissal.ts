/** The part of Web Storage the dismissal needs (localStorage in the browser). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const KEY_PREFIX = "alert-dismissed:";

/** The storage key that remembers one alert's dismissal; a new alert id has a new key. */
export function dismissalKey(alertId: string): string {
  return KEY_PREFIX + alertId;
}

/** Whether the visitor dismissed this alert before; false when storage is missing or fails. */
export function isDismissed(storage: KeyValueStorage | null, alertId: string): boolean {
  try {
    return storage?.getItem(dismissalKey(alertId)) === "1";
  } catch {
    return false;
  }
}

/** Remembers that the visitor dismissed this alert; a storage that fails (full, blocked) is ignored. */
export function dismiss(storage: KeyValueStorage | null, alertId: string): void {
  try {
    storage?.setItem(dismissalKey(alertId), "1");
  } catch {
    // The alert still closes on this page; it will show again on the next one.
  }
}
