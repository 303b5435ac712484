// Render artifacts in headless Chromium and report layout facts, one JSON object per file.
// usage: node artifacts.mjs OUTDIR FILE...
// {"file", "overflow": {"360": px, ...}, "hiddenClaims": n, "claims": n, "pdfPages": n|null,
//  "deck": {"start", "afterRight", "afterLeft"}|null}
// Screenshots go to OUTDIR/<name>-<width>.png (and <name>-nojs.png).
import { mkdtempSync, rmSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve, dirname, basename } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequire } from "node:module";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(join(here, "package.json"));
const { chromium } = require("playwright-core");

const [outDir, ...files] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });
const WIDTHS = [360, 768, 1200];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--no-first-run"],
});
const requests = [];
try {
  for (const file of files) {
    const url = pathToFileURL(resolve(file)).href;
    const name = basename(dirname(resolve(file))) + "-" + basename(file, ".html");
    const result = { file, overflow: {}, hiddenClaims: null, claims: null, pdfPages: null, deck: null, external: [] };
    const js = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    const page = await js.newPage();
    page.on("request", (r) => { if (!r.url().startsWith("file:") && !r.url().startsWith("data:")) result.external.push(r.url()); });
    for (const w of WIDTHS) {
      await page.setViewportSize({ width: w, height: 900 });
      await page.goto(url, { waitUntil: "load" });
      result.overflow[w] = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      await page.screenshot({ path: join(outDir, `${name}-${w}.png`), fullPage: true });
    }
    if (await page.$("ol.slides")) {
      await page.setViewportSize({ width: 1200, height: 900 });
      await page.goto(url, { waitUntil: "load" });
      const current = () => page.evaluate(() => {
        const s = [...document.querySelectorAll(".slide")].filter((el) => el.getBoundingClientRect().height > 0);
        return s.length === 1 ? s[0].id : `${s.length} visible`;
      });
      const start = await current();
      await page.keyboard.press("ArrowRight");
      const afterRight = await current();
      await page.keyboard.press("ArrowLeft");
      result.deck = { start, afterRight, afterLeft: await current() };
    }
    if (basename(file).startsWith("brief")) {
      await page.goto(url, { waitUntil: "load" });
      const pdf = await page.pdf({ format: "A4", printBackground: true, preferCSSPageSize: true });
      result.pdfPages = (pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g) || []).length;
    }
    await js.close();
    const nojs = await browser.newContext({ viewport: { width: 768, height: 900 }, javaScriptEnabled: false });
    const p2 = await nojs.newPage();
    await p2.goto(url, { waitUntil: "load" });
    const counts = await p2.evaluate(() => {
      const blocks = [...document.querySelectorAll("[data-claim]")];
      const hidden = blocks.filter((el) => {
        const r = el.getBoundingClientRect();
        const cs = getComputedStyle(el);
        return r.width === 0 || r.height === 0 || cs.visibility === "hidden" || cs.opacity === "0";
      });
      return { claims: blocks.length, hidden: hidden.length };
    });
    result.claims = counts.claims;
    result.hiddenClaims = counts.hidden;
    await p2.screenshot({ path: join(outDir, `${name}-nojs.png`), fullPage: true });
    await nojs.close();
    console.log(JSON.stringify(result));
  }
} finally {
  await browser.close();
}
