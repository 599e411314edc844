// Lighthouse (mobile, its default emulation and simulated throttling) on the
// home page of each language and every lesson of a built site, served from
// 127.0.0.1 with gzip. One Chromium for all runs.
//
//   node lighthouse.mjs SITE_DIR [--json FILE] [--only REGEX]
//
// Prints performance, accessibility, best practices and SEO per page, the
// total blocking time and DOM size; exits 1 if a page scores below
// 95 / 100 / 100 / 100.
import { writeFileSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { pagePaths, serve } from "./serve.mjs";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const MINIMUM = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 };

function args() {
  const [dir, ...rest] = process.argv.slice(2);
  if (!dir) {
    console.error("usage: node lighthouse.mjs SITE_DIR [--json FILE] [--only REGEX]");
    process.exit(2);
  }
  const opt = (name) => {
    const i = rest.indexOf(name);
    return i >= 0 ? rest[i + 1] : undefined;
  };
  return { dir, json: opt("--json"), only: opt("--only") && new RegExp(opt("--only")) };
}

/** The home page of each language and every lesson: not the chooser, not 404. */
const isLesson = (p) => /^\/[a-z]{2,3}(-[A-Za-z0-9]+)?\//.test(p);

async function main() {
  const { dir, json, only } = args();
  const server = await serve(dir);
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-dev-shm-usage"],
  });
  const paths = (await pagePaths(dir)).filter((p) => isLesson(p) && (!only || only.test(p)));
  const rows = [];
  let failed = 0;
  for (const path of paths) {
    const { lhr } = await lighthouse(server.origin + path, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: CATEGORIES,
    });
    const score = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c].score ?? 0) * 100)]));
    const row = {
      path,
      ...score,
      tbt: Math.round(lhr.audits["total-blocking-time"].numericValue),
      lcp: Math.round(lhr.audits["largest-contentful-paint"].numericValue),
      cls: +lhr.audits["cumulative-layout-shift"].numericValue.toFixed(3),
      dom: lhr.audits["dom-size"].numericValue,
      failing: CATEGORIES.flatMap((c) =>
        lhr.categories[c].auditRefs
          .filter((r) => r.weight > 0 && lhr.audits[r.id].score !== null && lhr.audits[r.id].score < 0.9)
          .map((r) => r.id),
      ),
    };
    const low = CATEGORIES.filter((c) => score[c] < MINIMUM[c]);
    if (low.length) failed++;
    rows.push(row);
    console.log(
      `${path.padEnd(34)} perf ${row.performance} a11y ${row.accessibility} bp ${row["best-practices"]} seo ${row.seo}` +
        ` tbt ${row.tbt}ms lcp ${row.lcp}ms cls ${row.cls} dom ${row.dom}` +
        (low.length ? `  BELOW: ${low.join(", ")} (${row.failing.join(", ")})` : ""),
    );
  }
  await chrome.kill();
  server.close();
  if (json) writeFileSync(json, JSON.stringify(rows, null, 2));
  const min = (c) => Math.min(...rows.map((r) => r[c]));
  console.log(`\nminimum over ${rows.length} pages: ${CATEGORIES.map((c) => `${c} ${min(c)}`).join(", ")}`);
  console.log(`lighthouse: ${rows.length - failed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

main();
