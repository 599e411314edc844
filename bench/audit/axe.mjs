// Audits every page of a built site in headless Chromium, in one browser
// session: axe-core (WCAG 2.2 A/AA + best practices) at 390×844 and
// 1366×900, light and dark, with every <details> opened so that hidden
// content is checked too; plus the layout checks of issue 15 (no console
// error or failed request, no horizontal overflow at 320 px, the skip link
// as the first tab stop, the title and first paragraph in a phone's first
// screen, rack tiles at least 32 px wide on a phone) and the DOM size.
//
//   node axe.mjs SITE_DIR [--json FILE] [--only REGEX] [--configs "390x844 light,…"]
//
// The skip-link check runs in the first desktop configuration, the phone
// checks in the first phone one.
//
// Prints one line per failed check and a summary; exits 1 if any failed.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import puppeteer from "puppeteer-core";
import { cliArgs, pagePaths, serve } from "./serve.mjs";

const require = createRequire(import.meta.url);
const AXE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "best-practice"];
export const CONFIGS = [
  { name: "390x844 light", width: 390, height: 844, mobile: true, scheme: "light" },
  { name: "390x844 dark", width: 390, height: 844, mobile: true, scheme: "dark" },
  { name: "1366x900 light", width: 1366, height: 900, mobile: false, scheme: "light" },
  { name: "1366x900 dark", width: 1366, height: 900, mobile: false, scheme: "dark" },
];
const MIN_TILE_PX = 32;

function args() {
  const { dir, opt, json, only } = cliArgs("node axe.mjs SITE_DIR [--json FILE] [--only REGEX] [--configs LIST]");
  const names = opt("--configs")?.split(",");
  const configs = names ? CONFIGS.filter((c) => names.includes(c.name)) : CONFIGS;
  if (names && configs.length !== names.length) {
    console.error(`--configs: known configurations are ${CONFIGS.map((c) => c.name).join(", ")}`);
    process.exit(2);
  }
  return { dir, configs, json, only };
}

export function launch() {
  return puppeteer.launch({
    executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
    headless: true,
    // Puppeteer gives up after 30 s by default; on a loaded 2-core machine
    // (the test suite's other threads building sites) Chromium once took
    // longer than that to start.
    timeout: 120000,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-dev-shm-usage"],
  });
}

/** Opens `url` in `page` at a configuration (viewport and colour scheme). */
async function open(page, url, cfg) {
  await page.setViewport({
    width: cfg.width,
    height: cfg.height,
    isMobile: cfg.mobile,
    hasTouch: cfg.mobile,
    deviceScaleFactor: 1,
  });
  await page.emulateMediaFeatures([{ name: "prefers-color-scheme", value: cfg.scheme }]);
  await page.goto(url, { waitUntil: "load" });
}

async function axe(page) {
  await page.evaluate(() => document.querySelectorAll("details:not(.top-links__menu)").forEach((d) => (d.open = true)));
  if (!(await page.evaluate(() => typeof window.axe === "object"))) await page.evaluate(AXE);
  return page.evaluate(
    (tags) => window.axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] }),
    TAGS,
  );
}

/** The layout checks that need no axe, measured on the page as loaded. */
const LAYOUT = {
  dom: () => document.getElementsByTagName("*").length,
  overflow: () => {
    const w = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= w) return [];
    const scrolls = (e) => {
      for (let a = e.parentElement; a && a !== document.body; a = a.parentElement)
        if (getComputedStyle(a).overflowX !== "visible") return true;
      return false;
    };
    return [...document.querySelectorAll("body *")]
      .filter((e) => e.getBoundingClientRect().right > w + 0.5 && !scrolls(e))
      .slice(0, 5)
      .map((e) => `${e.tagName.toLowerCase()}${[...e.classList].map((c) => "." + c).join("")} right=${Math.round(e.getBoundingClientRect().right)}`);
  },
  firstScreen: () => {
    const h1 = document.querySelector("main h1");
    const p = document.querySelector("main .content > p");
    if (!h1 || !p) return null;
    return Math.round(Math.max(h1.getBoundingClientRect().bottom, p.getBoundingClientRect().bottom) + scrollY);
  },
  narrowTiles: (min) =>
    [...document.querySelectorAll(".exercise .tile")]
      .filter((t) => t.getClientRects().length && t.getBoundingClientRect().width < min)
      .slice(0, 3)
      .map((t) => `${t.dataset.tile} ${t.getBoundingClientRect().width.toFixed(1)}px`),
};

async function firstTabStop(page) {
  await page.keyboard.press("Tab");
  return page.evaluate(() => document.activeElement?.className || document.activeElement?.tagName);
}

async function main() {
  const { dir, configs, json, only } = args();
  const phone = configs.find((c) => c.mobile)?.name;
  const desktop = configs.find((c) => !c.mobile)?.name;
  const server = await serve(dir);
  const browser = await launch();
  const page = await browser.newPage();
  // A returning visitor: the root chooser shows itself instead of redirecting.
  await page.evaluateOnNewDocument(() => {
    try {
      localStorage.setItem("tilebook.lang", "en");
    } catch {
      /* about:blank */
    }
  });
  const paths = (await pagePaths(dir)).filter((p) => !only || only.test(p));
  const failures = [];
  const perConfig = Object.fromEntries(configs.map((c) => [c.name, 0]));
  const dom = {};
  let current = "";
  const failed = new Set();
  const fail = (where, what, kind = what.split(" ")[0]) => {
    failures.push(`${where}: ${what}`);
    failed.add(`${where}|${kind}`);
  };
  page.on("console", (m) => m.type() === "error" && fail(current, `console error: ${m.text()}`));
  page.on("pageerror", (e) => fail(current, `page error: ${e.message}`));
  page.on("requestfailed", (r) => fail(current, `request failed: ${r.url()}`));
  page.on("response", (r) => {
    const expected404 = r.url().endsWith("/404.html") || current.startsWith("/404.html");
    if (r.status() >= 400 && !expected404) fail(current, `HTTP ${r.status()} ${r.url()}`);
  });
  let checks = 0;
  for (const path of paths) {
    const url = server.origin + path;
    for (const cfg of configs) {
      current = `${path} [${cfg.name}]`;
      checks++; // no console error or failed request
      await open(page, url, cfg);
      if (cfg.name === phone) {
        dom[path] = await page.evaluate(LAYOUT.dom);
        checks++;
        if (dom[path] >= 1500) fail(current, `DOM size: ${dom[path]} elements (issue 15: fewer than 1,500)`);
        const bottom = await page.evaluate(LAYOUT.firstScreen);
        checks++;
        if (bottom !== null && bottom > cfg.height) fail(current, `the title and first paragraph end at ${bottom}px, below the first screen`);
        checks++;
        const narrow = await page.evaluate(LAYOUT.narrowTiles, MIN_TILE_PX);
        if (narrow.length) fail(current, `exercise tiles narrower than ${MIN_TILE_PX}px: ${narrow.join(", ")}`);
      }
      checks++;
      const result = await axe(page);
      for (const v of result.violations) {
        perConfig[cfg.name] += v.nodes.length;
        const targets = v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ");
        fail(current, `axe ${v.id} (${v.impact}, ${v.nodes.length}×): ${v.help} — ${targets}`);
      }
      if (cfg.name === desktop) {
        checks++;
        await page.reload({ waitUntil: "load" });
        const stop = await firstTabStop(page);
        if (stop !== "skip-link") fail(current, `first tab stop is ${stop}, not the skip link`);
      }
    }
    current = `${path} [320x640 light]`;
    checks++;
    await open(page, url, { width: 320, height: 640, mobile: true, scheme: "light" });
    checks++;
    const over = await page.evaluate(LAYOUT.overflow);
    if (over.length) fail(current, `wider than the screen: ${over.join("; ")}`);
  }
  await browser.close();
  server.close();

  for (const f of failures) console.log(f);
  console.log(`\naxe violations (nodes) per configuration over ${paths.length} pages:`);
  for (const [name, n] of Object.entries(perConfig)) console.log(`  ${name}: ${n}`);
  const sizes = Object.entries(dom).sort((a, b) => b[1] - a[1]);
  console.log(`DOM elements: largest ${sizes[0]?.[0]} ${sizes[0]?.[1]}; over 1500: ${sizes.filter(([, n]) => n >= 1500).map(([p, n]) => `${p} ${n}`).join(", ") || "none"}`);
  if (json) writeFileSync(json, JSON.stringify({ pages: paths.length, perConfig, dom, failures }, null, 2));
  const nFailed = Math.min(failed.size, checks);
  console.log(`audit: ${checks - nFailed} passed, ${nFailed} failed`);
  process.exit(failures.length ? 1 : 0);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
