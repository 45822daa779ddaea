import type { SiteAlert as Alert } from "../../rules/site-alert.ts";
import { CloseButton } from "../buttons/CloseButton.tsx";
import { useAlertDismissal } from "./use-alert-dismissal.ts";
import "./AlertBanner.css";

/**
 * The site-wide alert: its message as plain text, an optional link, and a close button that
 * removes it and keeps this alert (by id) dismissed on later pages. The element carries
 * `data-alert-id` so the layout's pre-paint script can hide an alert already dismissed.
 */
export function AlertBanner({ alert }: { alert: Alert }) {
  const { isVisible, handleClose } = useAlertDismissal(alert.id);
  if (!isVisible) return null;
  return (
    <section className="alert-banner" aria-label="Alert" data-alert-id={alert.id}>
      <div className="alert-banner__inner">
        <p className="alert-banner__message">
          {alert.message}
          {alert.link && (
            <>
              {" "}
              <a className="alert-banner__link" href={alert.link.url}>
                {alert.link.title}
              </a>
            </>
          )}
        </p>
        <CloseButton
          label="Close alert"
          className="alert-banner__close js-only"
          onClick={handleClose}
        />
      </div>
    </section>
  );
}
