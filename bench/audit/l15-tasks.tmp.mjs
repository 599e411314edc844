// Long top-level tasks of one page load and what is inside them (scripts by URL).
import puppeteer from "puppeteer-core";
import { readFileSync } from "node:fs";
import { serve } from "/work/wt/l15/bench/audit/serve.mjs";
const [path, dir, throttle] = process.argv.slice(2);
const server = await serve(dir);
const browser = await puppeteer.launch({ executablePath: "/usr/bin/chromium", headless: true, args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-dev-shm-usage"] });
const ctx = await browser.createBrowserContext();
const page = await ctx.newPage();
await page.setViewport({ width: 390, height: 844, isMobile: true, deviceScaleFactor: 2 });
if (throttle) { const c = await page.createCDPSession(); await c.send("Emulation.setCPUThrottlingRate", { rate: +throttle }); }
const file = "/tmp/l15mt/trace.json";
await page.tracing.start({ path: file, categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink", "loading", "v8"] });
await page.goto(server.origin + path, { waitUntil: "load" });
await new Promise((r) => setTimeout(r, 1500));
await page.tracing.stop();
await browser.close(); server.close?.();
const ev = JSON.parse(readFileSync(file, "utf8")).traceEvents;
const parse = ev.find((e) => e.name === "ParseHTML" && (e.args?.beginData?.url ?? "").includes(path));
const mine = ev.filter((e) => e.pid === parse.pid && e.tid === parse.tid && e.ph === "X" && e.dur);
const tasks = mine.filter((e) => e.name === "RunTask").sort((a, b) => a.ts - b.ts);
const t0 = tasks[0].ts;
for (const t of tasks.filter((t) => t.dur > 8000)) {
  const inside = mine.filter((e) => e !== t && e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur);
  const by = {};
  for (const e of inside) {
    let k = e.name;
    const url = e.args?.data?.url || e.args?.data?.stackTrace?.[0]?.url;
    if (["EvaluateScript", "FunctionCall", "v8.compile", "TimerFire", "EventDispatch"].includes(e.name)) k += " " + (url || e.args?.data?.type || e.args?.data?.functionName || "").replace(/^.*\//, "");
    by[k] = Math.max(by[k] ?? 0, e.dur);
  }
  console.log(`+${((t.ts - t0) / 1000).toFixed(0)}ms task ${(t.dur / 1000).toFixed(1)}ms:`, Object.entries(by).sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, v]) => `${k} ${(v / 1000).toFixed(1)}`).join(", "));
}
process.exit(0);
