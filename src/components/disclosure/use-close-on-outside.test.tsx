import { act, screen } from "@testing-library/react";
import { useRef } from "react";
import { describe, expect, it, vi } from "vitest";
import { renderWithUser } from "../test-fixtures/render.tsx";
import { useCloseOnOutside } from "./use-close-on-outside.ts";

function Panel({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const regionRef = useRef<HTMLDivElement>(null);
  const outsideProps = useCloseOnOutside(isOpen, regionRef, onClose);
  return (
    <>
      <div ref={regionRef} {...outsideProps}>
        <button type="button">First inside</button>
        <p>Text inside</p>
        <button type="button">Second inside</button>
      </div>
      <p>Text outside</p>
      <button type="button">Outside</button>
    </>
  );
}

function renderPanel(isOpen = true) {
  const onClose = vi.fn();
  const { user } = renderWithUser(<Panel isOpen={isOpen} onClose={onClose} />);
  const button = (name: string) => screen.getByRole("button", { name });
  return { user, onClose, button };
}

describe("useCloseOnOutside", () => {
  it("closes on a pointer press outside the panel, not on one inside it", async () => {
    const { user, onClose } = renderPanel();
    await user.click(screen.getByText("Text inside"));
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByText("Text outside"));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("closes when focus moves out of the panel, not while it moves within it", async () => {
    const { user, onClose, button } = renderPanel();
    button("First inside").focus();
    await user.tab();
    expect(button("Second inside")).toHaveFocus();
    expect(onClose).not.toHaveBeenCalled();
    await user.tab();
    expect(button("Outside")).toHaveFocus();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("stays open when the window loses focus", () => {
    const { onClose, button } = renderPanel();
    button("First inside").focus();
    act(() => button("First inside").blur());
    expect(onClose).not.toHaveBeenCalled();
  });

  it("does nothing while the panel is closed", async () => {
    const { user, onClose, button } = renderPanel(false);
    await user.click(screen.getByText("Text outside"));
    button("Second inside").focus();
    await user.tab();
    expect(onClose).not.toHaveBeenCalled();
  });
});
