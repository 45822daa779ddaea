import { Icon } from "../icons/Icon.tsx";

interface CloseButtonProps {
  /** The button's accessible name ("Close alert"): the icon alone says nothing. */
  label: string;
  /** The caller's class names, which alone style it. */
  className: string;
  onClick: () => void;
}

/** An icon-only button showing the close cross, named by `label`. */
export function CloseButton({ label, className, onClick }: CloseButtonProps) {
  return (
    <button type="button" className={className} aria-label={label} onClick={onClick}>
      <Icon name="close" />
    </button>
  );
}
