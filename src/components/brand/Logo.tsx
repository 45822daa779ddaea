import { MARK } from "./mark.ts";
import "./Logo.css";

/**
 * The firm's mark: a ridge drawn as contour lines on a navy square. It is the one drawing of the
 * brand: the header, the footer, the favicon, the touch icon and the share picture are all made
 * from it (scripts/brand-images.ts). Its colours come from the tokens, and in forced colours it
 * takes the system's, so it never disappears.
 */
export function LogoMark({ size = 40, className }: { size?: number; className?: string }) {
  return (
    <svg
      className={className ? `logo-mark ${className}` : "logo-mark"}
      width={size}
      height={size}
      viewBox={MARK.viewBox}
      aria-hidden="true"
      focusable="false"
    >
      <rect className="logo-mark__field" width="100%" height="100%" rx={MARK.radius} />
      <path className="logo-mark__contour" d={MARK.contour} strokeWidth={MARK.contourWidth} />
      <path className="logo-mark__ridge" d={MARK.ridge} strokeWidth={MARK.ridgeWidth} />
    </svg>
  );
}

/** The mark beside the wordmark, the firm's name in two lines as the brand sets it. */
export function Logo({ firmName }: { firmName: string }) {
  const [first, second] = splitName(firmName);
  return (
    <span className="logo">
      <LogoMark className="logo__mark" />
      <span className="logo__words">
        <span className="logo__name">{first}</span>
        {/* The two lines are read as one name: without this space the text (and what speech
            input hears as the link's visible label) is "Halvorsen RidgePartners". */}
        {second && " "}
        {second && <span className="logo__tail">{second}</span>}
      </span>
    </span>
  );
}

/** "Halvorsen Ridge Partners" -> ["Halvorsen Ridge", "Partners"]: the last word sets small. */
export function splitName(name: string): [string, string] {
  const words = name.trim().split(/\s+/);
  if (words.length < 3) return [name.trim(), ""];
  return [words.slice(0, -1).join(" "), words.at(-1) ?? ""];
}
