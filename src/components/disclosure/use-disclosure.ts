import { useCallback, useId, useMemo, useState } from "react";

/** Props that make a button the toggle of one panel of a disclosure group. */
export interface DisclosureToggleProps {
  "aria-expanded": boolean;
  "aria-controls": string;
  onClick: () => void;
}

/** Props for the panel a toggle shows and hides. */
export interface DisclosurePanelProps {
  id: string;
  hidden: boolean;
}

/** A set of panels of which at most one is open, and the prop bundles that show it. */
export interface DisclosureGroup<Id extends string> {
  openId: Id | null;
  isOpen: (id: Id) => boolean;
  open: (id: Id) => void;
  /** Closes `id` if it is the open panel; a late close of a panel already replaced is ignored. */
  close: (id: Id) => void;
  toggle: (id: Id) => void;
  getToggleProps: (id: Id) => DisclosureToggleProps;
  getPanelProps: (id: Id) => DisclosurePanelProps;
}

/**
 * One piece of state (which panel is open, if any) and the only place that writes
 * `aria-expanded` and `hidden` from it: every toggle and panel spreads these bundles.
 */
export function useDisclosureGroup<Id extends string>(): DisclosureGroup<Id> {
  const [openId, setOpenId] = useState<Id | null>(null);
  const baseId = useId();

  const open = useCallback((id: Id) => setOpenId(id), []);
  const close = useCallback(
    (id: Id) => setOpenId((current) => (current === id ? null : current)),
    [],
  );
  const toggle = useCallback((id: Id) => setOpenId((current) => (current === id ? null : id)), []);

  return useMemo(() => {
    const panelId = (id: Id) => `${baseId}-${id}`;
    return {
      openId,
      isOpen: (id) => openId === id,
      open,
      close,
      toggle,
      getToggleProps: (id) => ({
        "aria-expanded": openId === id,
        "aria-controls": panelId(id),
        onClick: () => toggle(id),
      }),
      getPanelProps: (id) => ({ id: panelId(id), hidden: openId !== id }),
    };
  }, [openId, baseId, open, close, toggle]);
}
