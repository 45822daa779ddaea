import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { Builder, Key as Keys, Origin, type WebDriver, type WebElement } from "selenium-webdriver";
import { freePort, waitForHttp } from "../../tools/free-port.ts";
import { findTarget, type EnginePage, type Key, waitForTarget } from "./engine-page.ts";
import type { Engine, Found } from "./engines.ts";
import type { XDisplay } from "./x-display.ts";

const WINDOW = fileURLToPath(new URL("webkit-window.py", import.meta.url));

/**
 * WebKitGTK (the WebKit engine on Linux) driven by selenium-webdriver through WebKitWebDriver,
 * which speaks classic WebDriver only. The browser is webkit-window.py, a bare WebKitGTK window
 * of exactly the width asked for; each page is a session of its own (a fresh browser process,
 * so no storage carries over between behaviours).
 */
export async function launchWebKit(found: Found, display: XDisplay): Promise<Engine> {
  const port = await freePort();
  // Its own process group, so that closing ends the driver and every browser it started.
  const driverProcess = spawn(found.webkitDriver, [`--port=${port}`], {
    detached: true,
    stdio: "ignore",
    env: { ...process.env, DISPLAY: display.name, GDK_BACKEND: "x11" },
  });
  const killGroup = () => stopGroup(driverProcess);
  // A run that dies before closing leaves no driver or browser behind.
  process.once("exit", () => {
    if (driverProcess.exitCode === null) process.kill(-driverProcess.pid!, "SIGKILL");
  });
  const server = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${server}/status`, 20_000, () => driverProcess.exitCode === null);
  } catch (error) {
    await killGroup();
    throw error;
  }
  return {
    name: "WebKitGTK",
    version: found.webkitVersion,
    open: async (width, height) =>
      openPage(await session(server, found.python, width, height), width),
    close: killGroup,
  };
}

function session(server: string, python: string, width: number, height: number) {
  return new Builder()
    .usingServer(server)
    .withCapabilities({
      browserName: "engines-webkit",
      // Presses made while a page still loads: get() returns at once, open() waits itself.
      pageLoadStrategy: "none",
      "webkitgtk:browserOptions": {
        binary: python,
        args: [WINDOW, "--automation", `--size=${width}x${height}`],
      },
    })
    .build();
}

async function stopGroup(child: ChildProcess) {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  process.kill(-child.pid, "SIGTERM");
  const timer = setTimeout(() => process.kill(-child.pid!, "SIGKILL"), 3000);
  await exited;
  clearTimeout(timer);
}

const KEYS: Record<Key, string> = {
  Enter: Keys.ENTER,
  Escape: Keys.ESCAPE,
  ArrowDown: Keys.ARROW_DOWN,
  ArrowUp: Keys.ARROW_UP,
  Tab: Keys.TAB,
  Space: Keys.SPACE,
};

/** Runs `fn` in the page with `args` (WebDriver awaits a promise it returns). */
function call<R>(driver: WebDriver, fn: (...args: never[]) => unknown, ...args: unknown[]) {
  return driver.executeScript<R>(`return (${fn.toString()}).apply(null, arguments)`, ...args);
}

async function openPage(driver: WebDriver, width: number): Promise<EnginePage> {
  /** Navigates, then waits until the new document replaced the old and reached `state`. */
  async function navigate(url: string, states: DocumentReadyState[]) {
    await driver.executeScript("window.enginesPreviousPage = true");
    await driver.get(url);
    const deadline = Date.now() + 20_000;
    for (;;) {
      // Asked while the old page unloads, WebKit fails the call: the answer is "not yet".
      const state = await driver
        .executeScript<string | null>(
          "return window.enginesPreviousPage ? null : document.readyState",
        )
        .catch(() => null);
      if (state && states.includes(state as DocumentReadyState)) return;
      if (Date.now() > deadline) throw new Error(`WebKit: ${url} did not load (${state})`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  const page: EnginePage = {
    engine: "WebKit",
    width,
    open: (url) => navigate(url, ["complete"]),
    openEarly: (url) => navigate(url, ["interactive", "complete"]),
    async box(target) {
      const element = await call<WebElement | null>(driver, findTarget, target);
      return element ? element.getRect() : null;
    },
    async press(target) {
      await waitForTarget(page, target);
      const element = await call<WebElement | null>(driver, findTarget, target);
      if (!element) throw new Error(`WebKit: no element for ${JSON.stringify(target)}`);
      await element.click();
    },
    async pressAt(x, y) {
      await driver.actions().move({ x, y, origin: Origin.VIEWPORT }).click().perform();
    },
    async key(key) {
      await driver.actions().sendKeys(KEYS[key]).perform();
    },
    async type(text) {
      await driver.actions().sendKeys(text).perform();
    },
    run: (fn, ...args) => call(driver, fn as (...args: never[]) => unknown, ...args),
    close: () => driver.quit(),
  };
  return page;
}
