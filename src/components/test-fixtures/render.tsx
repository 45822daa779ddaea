import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { StrictMode } from "react";
import { expect } from "vitest";
import type { DisclosurePanelProps, DisclosureToggleProps } from "../disclosure/use-disclosure.ts";
import { useDisclosureGroup } from "../disclosure/use-disclosure.ts";

/** Renders `ui` under StrictMode, with a user-event session to drive it. */
export function renderWithUser(ui: ReactNode, options?: Parameters<typeof userEvent.setup>[0]) {
  const user = userEvent.setup(options);
  const view = render(<StrictMode>{ui}</StrictMode>);
  return { user, ...view };
}

/** What a panel component (search bar, mobile menu) takes from the group that owns its state. */
export interface PanelBundle {
  toggleProps: DisclosureToggleProps;
  panelProps: DisclosurePanelProps;
  onClose: () => void;
}

function OnePanelGroup({ children }: { children: (panel: PanelBundle) => ReactNode }) {
  const group = useDisclosureGroup<"panel">();
  return children({
    toggleProps: group.getToggleProps("panel"),
    panelProps: group.getPanelProps("panel"),
    onClose: () => group.close("panel"),
  });
}

/**
 * Renders a panel component as the header does, as one panel of a disclosure group, with
 * a user-event session; `view` gets the group's prop bundles.
 */
export function renderAsPanel(view: (panel: PanelBundle) => ReactNode) {
  return renderWithUser(<OnePanelGroup>{view}</OnePanelGroup>);
}

/** The panel a disclosure toggle controls, found through its aria-controls. */
export function panelOf(toggle: HTMLElement): HTMLElement {
  const id = toggle.getAttribute("aria-controls");
  const panel = id ? document.getElementById(id) : null;
  if (!panel) throw new Error(`No panel for toggle "${toggle.textContent}" (aria-controls=${id})`);
  return panel;
}

/** Asserts that `toggle` says its panel is open and the panel shows. */
export function expectOpen(toggle: HTMLElement) {
  expect(toggle).toHaveAttribute("aria-expanded", "true");
  expect(panelOf(toggle)).not.toHaveAttribute("hidden");
}

/** Asserts that `toggle` says its panel is closed and the panel is hidden. */
export function expectClosed(toggle: HTMLElement) {
  expect(toggle).toHaveAttribute("aria-expanded", "false");
  expect(panelOf(toggle)).toHaveAttribute("hidden");
}
