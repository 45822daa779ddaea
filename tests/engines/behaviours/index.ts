import type { Behaviour } from "../behaviour.ts";
import { earlyPresses } from "./early-presses.ts";
import { header } from "./header.ts";
import { mobileMenu } from "./mobile-menu.ts";
import { share } from "./share.ts";
import { topics } from "./topics.ts";
import { transactions } from "./transactions.ts";

/** Every seed behaviour test:engines tries, in the order it tries them. */
export const BEHAVIOURS: Behaviour[] = [
  ...header,
  ...mobileMenu,
  ...share,
  ...transactions,
  ...topics,
  ...earlyPresses,
];
