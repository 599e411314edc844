// Main-thread work of one page's load in several builds of a site, loads
// interleaved (390x844 phone, no throttling): per build the mean wall and
// thread-CPU time of the renderer's top-level tasks, the number of layouts
// (all frames, SVG images included) and of tasks over 50 ms, and the events
// with the most self time. Thread CPU moves less with the machine's load
// than wall time or Lighthouse's TBT; still, compare builds in one run.
//
//   node mainthread.mjs PATH RUNS SITE_DIR...
//   node mainthread.mjs /en/never-pass-a-joker/ 5 /tmp/before /tmp/after
import puppeteer from "puppeteer-core";
import { readFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "./serve.mjs";
const [path, runs, ...dirs] = process.argv.slice(2);
if (!dirs.length) {
  console.error("usage: node mainthread.mjs PATH RUNS SITE_DIR...");
  process.exit(2);
}
const traces = mkdtempSync(join(tmpdir(), "mainthread-"));
const servers = await Promise.all(dirs.map((d) => serve(d)));
const browser = await puppeteer.launch({ executablePath: process.env.CHROME_PATH || "/usr/bin/chromium", headless: true, args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-dev-shm-usage"] });
const agg = dirs.map(() => ({}));
for (let r = 0; r < +runs; r++) for (let i = 0; i < dirs.length; i++) {
  const ctx = await browser.createBrowserContext();
  const page = await ctx.newPage();
  await page.setViewport({ width: 390, height: 844, isMobile: true, deviceScaleFactor: 2 });
  const file = join(traces, `trace-${i}.json`);
  await page.tracing.start({ path: file, categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink", "loading"] });
  await page.goto(servers[i].origin + path, { waitUntil: "load" });
  await new Promise((r) => setTimeout(r, 800));
  await page.tracing.stop();
  await ctx.close();
  const ev = JSON.parse(readFileSync(file, "utf8")).traceEvents;
  const parse = ev.find((e) => e.name === "ParseHTML" && (e.args?.beginData?.url ?? "").includes(path));
  const main = { pid: parse.pid, tid: parse.tid };
  const mine = ev.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === "X" && e.dur);
  // self time per event name, with tdur (thread CPU time) where present
  mine.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const stack = [];
  const self = {};
  let top = 0, topCpu = 0;
  for (const e of mine) {
    while (stack.length && stack[stack.length - 1].ts + stack[stack.length - 1].dur <= e.ts) stack.pop();
    if (stack.length) { const p = stack[stack.length - 1]; self[p.name] = (self[p.name] ?? 0) - e.dur; }
    else { top += e.dur; topCpu += e.tdur ?? 0; }
    self[e.name] = (self[e.name] ?? 0) + e.dur;
    stack.push(e);
  }
  const a = agg[i];
  a.__layouts = (a.__layouts ?? 0) + mine.filter((e) => e.name === "Layout").length / +runs;
  a.__long = (a.__long ?? 0) + mine.filter((e) => e.name === "RunTask" && e.dur > 50000).length / +runs;
  a.__top = (a.__top ?? 0) + top / 1000 / +runs; a.__cpu = (a.__cpu ?? 0) + topCpu / 1000 / +runs;
  for (const [k, v] of Object.entries(self)) a[k] = (a[k] ?? 0) + v / 1000 / +runs;
}
dirs.forEach((d, i) => {
  const a = agg[i];

  console.log(d, `top-level ${a.__top.toFixed(0)} ms wall, ${a.__cpu.toFixed(0)} ms thread cpu, ${a.__layouts.toFixed(1)} layouts, ${a.__long.toFixed(1)} tasks over 50 ms (mean of ${runs})`);
  console.log("  ", Object.entries(a).filter(([k]) => !k.startsWith("__")).sort((x, y) => y[1] - x[1]).slice(0, 12).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(", "));
});
await browser.close(); servers.forEach((s) => s.close());
