// The alert the banner shows: the newest published one, keyed so that a changed alert shows again.

/** The fields of an alert these rules read. */
export interface AlertItem {
  readonly Id: string;
  readonly LastModified: string;
  readonly PublicationDate: string;
  readonly Title: string;
  readonly LinkTitle?: string | null;
  readonly LinkUrl?: string | null;
}

/** The banner's alert: its dismissal key, message and optional link. */
export interface SiteAlert {
  /** Its Id with its LastModified: a visitor who dismissed it sees it again once it is changed. */
  id: string;
  message: string;
  link: { title: string; url: string } | null;
}

/** The alert with the latest PublicationDate (ISO instants compare as text), or null. */
export function currentAlert(alerts: readonly AlertItem[]): SiteAlert | null {
  const newest = alerts.reduce<AlertItem | null>(
    (best, alert) =>
      best === null || Date.parse(alert.PublicationDate) > Date.parse(best.PublicationDate)
        ? alert
        : best,
    null,
  );
  if (newest === null) return null;
  return {
    id: `${newest.Id}-${newest.LastModified}`.toLowerCase().replace(/[^a-z0-9-]/g, "-"),
    message: newest.Title,
    link: newest.LinkUrl ? { title: newest.LinkTitle ?? "Read more", url: newest.LinkUrl } : null,
  };
}
