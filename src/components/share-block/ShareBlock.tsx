import { useId } from "react";
import { emailShareHref, linkedInShareHref } from "./share-links.ts";
import { useShareActions } from "./use-share-actions.ts";
import "../field-row/field-row.css";
import "./ShareBlock.css";

const STATUS = {
  idle: "",
  copied: "Link copied",
  failed: "The link could not be copied. It is selected in the field above: copy it from there.",
} as const;

/** The page to share: its canonical address and its title. */
export interface ShareBlockProps {
  url: string;
  title: string;
}

/** Sharing on articles and topic pages: copy the link, email it, post it on LinkedIn, print. */
export function ShareBlock({ url, title }: ShareBlockProps) {
  const headingId = useId();
  const fieldId = useId();
  const { outcome, fieldRef, copyRef, handleCopy, handlePrint } = useShareActions(url);
  return (
    <section className="share-block" aria-labelledby={headingId}>
      <h2 id={headingId} className="caps-heading">
        Share this page
      </h2>
      <label className="share-block__label" htmlFor={fieldId}>
        Link to this page
      </label>
      <div className="field-row share-block__copy">
        <input
          ref={fieldRef}
          id={fieldId}
          className="field-row__field share-block__field"
          type="text"
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
        />
        {/* data-copy-field: public/first-paint.js copies from that field on a press made
            before this block hydrates. */}
        <button
          ref={copyRef}
          type="button"
          className="share-block__button js-only"
          data-copy-field={fieldId}
          onClick={handleCopy}
        >
          Copy link
        </button>
      </div>
      <p
        className={`share-block__status${outcome === "failed" ? " share-block__status--failed" : ""}`}
        role="status"
      >
        {STATUS[outcome]}
      </p>
      <ul className="share-block__actions">
        <li>
          <a className="share-block__action" href={emailShareHref(title, url)}>
            Share by email
          </a>
        </li>
        <li>
          <a
            className="share-block__action"
            href={linkedInShareHref(url)}
            target="_blank"
            rel="noopener noreferrer"
          >
            Share on LinkedIn <span className="visually-hidden">(opens in a new tab)</span>
          </a>
        </li>
        <li className="js-only">
          <button type="button" className="share-block__action" onClick={handlePrint}>
            Print
          </button>
        </li>
      </ul>
    </section>
  );
}
