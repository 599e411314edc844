// TBT-like figure (sum of longtask - 50 ms, 4x CPU slowdown, 390x844) of one page in several builds, interleaved.
import puppeteer from "puppeteer-core";
import { serve } from "/work/wt/l15/bench/audit/serve.mjs";
const [path, runs, ...dirs] = process.argv.slice(2);
const servers = await Promise.all(dirs.map((d) => serve(d)));
const browser = await puppeteer.launch({ executablePath: "/usr/bin/chromium", headless: true, args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-dev-shm-usage"] });
const res = dirs.map(() => []);
const cls = dirs.map(() => []);
for (let r = 0; r < +runs; r++) for (let i = 0; i < dirs.length; i++) {
  const ctx = await browser.createBrowserContext();
  const page = await ctx.newPage();
  await page.setViewport({ width: 390, height: 844, isMobile: true, deviceScaleFactor: 2 });
  const c = await page.createCDPSession(); await c.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.evaluateOnNewDocument(`window.__p={long:[],cls:0};new PerformanceObserver(l=>l.getEntries().forEach(e=>__p.long.push(e.duration))).observe({type:'longtask',buffered:true});new PerformanceObserver(l=>l.getEntries().forEach(e=>{if(!e.hadRecentInput)__p.cls+=e.value})).observe({type:'layout-shift',buffered:true});`);
  await page.goto(servers[i].origin + path, { waitUntil: "load" });
  await new Promise((r) => setTimeout(r, 2500));
  const p = await page.evaluate("window.__p");
  res[i].push(p.long.reduce((s, d) => s + Math.max(0, d - 50), 0));
  cls[i].push(p.cls);
  await ctx.close();
}
const med = (a) => { const s = [...a].sort((x, y) => x - y); return s[Math.floor(s.length / 2)]; };
dirs.forEach((d, i) => console.log(path, d, `tbt median ${med(res[i]).toFixed(0)} ms, range ${Math.min(...res[i]).toFixed(0)}-${Math.max(...res[i]).toFixed(0)}, cls max ${Math.max(...cls[i]).toFixed(3)} (${runs} runs)`));
await browser.close(); process.exit(0);
