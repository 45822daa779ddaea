import type { EnginePage } from "./engine-page.ts";
import type { XDisplay } from "./x-display.ts";

/** The two window widths every engine is tried at: a desktop and a phone. */
export const WINDOWS = [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
] as const;
export type Width = (typeof WINDOWS)[number]["width"];

export const DESKTOP: readonly Width[] = [1280];
export const PHONE: readonly Width[] = [375];
export const BOTH: readonly Width[] = [1280, 375];

/** What a behaviour is run against. */
export interface Site {
  /** The built site, started for this run. */
  url: string;
  /** The same site through a proxy that holds the islands' scripts (slow-scripts.ts). */
  slowUrl: string;
  /** The display the browsers run on: its clipboard is where a copy must land. */
  display: XDisplay;
}

/** One seed behaviour, tried as a visitor would in each engine at each of its widths. */
export interface Behaviour {
  name: string;
  widths: readonly Width[];
  run(page: EnginePage, site: Site): Promise<void>;
}
