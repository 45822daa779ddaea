import { render, screen } from "@testing-library/react";
import { StrictMode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { WidgetErrorBoundary } from "./WidgetErrorBoundary.tsx";

function Broken(): never {
  throw new Error("bad record");
}

afterEach(() => vi.restoreAllMocks());

describe("WidgetErrorBoundary", () => {
  it("shows the widget while it renders", () => {
    render(
      <StrictMode>
        <WidgetErrorBoundary subject="The topics">
          <p>Topics A - Z</p>
        </WidgetErrorBoundary>
      </StrictMode>,
    );
    expect(screen.getByText("Topics A - Z")).toBeInTheDocument();
  });

  it("shows an alert with a way to recover when the widget fails to render, and logs the error", () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    render(
      <StrictMode>
        <WidgetErrorBoundary subject="The transactions">
          <Broken />
        </WidgetErrorBoundary>
      </StrictMode>,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("The transactions could not be shown.");
    expect(screen.getByRole("button", { name: "Reload the page" })).toBeInTheDocument();
    expect(
      logged.mock.calls.some(([message]) =>
        String(message).includes("The transactions could not be shown"),
      ),
    ).toBe(true);
  });
});
