import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Logo } from "./Logo.tsx";

describe("Logo", () => {
  it("reads the firm's name with a space between its two lines", () => {
    const { container } = render(<Logo firmName="Halvorsen Ridge Partners" />);
    expect(container.textContent).toBe("Halvorsen Ridge Partners");
  });

  it("reads a two-word name as it is written", () => {
    const { container } = render(<Logo firmName="Meridian Partners" />);
    expect(container.textContent).toBe("Meridian Partners");
  });
});
