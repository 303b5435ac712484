// Whole-story checks of rendered pages in headless Chromium, one JSON object per file.
// usage: node page_checks.mjs FILE...
// {"file", "copied": [text of each cited block as a selection copies it],
//  "tails": {"360": n, ...}  (citation runs, a sentence's last word, refs, marks and stop, that
//  break across lines at that width), "notes": null | {"screen", "afterN", "afterNN",
//  "print", "nojs"} (the computed display of the first speaker notes)}
import { join, dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequire } from "node:module";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(join(here, "package.json"));
const { chromium } = require("playwright-core");

const files = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--no-first-run"],
});
const display = (page) => page.evaluate(() => {
  const n = document.querySelector(".notes");
  return n ? getComputedStyle(n).display : null;
});
try {
  for (const file of files) {
    const url = pathToFileURL(resolve(file)).href;
    const result = { file, copied: [], tails: {}, notes: null };
    const ctx = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    const page = await ctx.newPage();
    await page.goto(url, { waitUntil: "load" });
    result.copied = await page.evaluate(() => [...document.querySelectorAll("[data-claim]")].map((el) => {
      const r = document.createRange();
      r.selectNodeContents(el);
      const s = window.getSelection();
      s.removeAllRanges();
      s.addRange(r);
      return s.toString();
    }));
    for (const w of [360, 768]) {
      await page.setViewportSize({ width: w, height: 900 });
      result.tails[w] = await page.evaluate(() => {
        // a citation run: the word before a sup.ref, the refs, marks and dates after it, and the
        // character after them (the stop); all must sit on one line
        const charRect = (node, i) => {
          const r = document.createRange();
          r.setStart(node, i);
          r.setEnd(node, i + 1);
          return r.getClientRects()[0] || null;
        };
        const apparatus = (n) => n && ((n.nodeType === 1 && (n.matches("sup.ref") || n.classList.contains("mark")
          || n.classList.contains("as-of"))) || (n.nodeType === 3 && !n.data.replace(/\u00a0/g, "").trim()));
        let broken = 0;
        for (const sup of document.querySelectorAll("sup.ref")) {
          const prev = sup.previousSibling;
          if (!prev || prev.nodeType !== 3 || !prev.data.length || (sup.previousElementSibling || {}).matches?.("sup.ref")) continue;
          const before = charRect(prev, prev.data.length - 1);
          if (!before) continue;
          const mid = (r) => (r.top + r.bottom) / 2;
          const rects = [];
          let n = sup;
          while (apparatus(n)) {
            if (n.nodeType === 1) rects.push(...n.getClientRects());
            n = n.nextSibling;
          }
          if (n && n.nodeType === 3 && n.data.length) {
            const after = charRect(n, 0);
            if (after) rects.push(after);
          }
          // another line is a whole line height away; a superscript sits within its own line
          if (rects.some((r) => Math.abs(mid(r) - mid(before)) > before.height * 0.75)) broken += 1;
        }
        return broken;
      });
    }
    if (await page.$(".notes")) {
      await page.setViewportSize({ width: 1200, height: 900 });
      await page.goto(url, { waitUntil: "load" });
      const notes = { screen: await display(page) };
      await page.keyboard.press("n");
      notes.afterN = await display(page);
      await page.keyboard.press("n");
      notes.afterNN = await display(page);
      await page.emulateMedia({ media: "print" });
      notes.print = await display(page);
      const nojs = await browser.newContext({ javaScriptEnabled: false });
      const p2 = await nojs.newPage();
      await p2.goto(url, { waitUntil: "load" });
      notes.nojs = await display(p2);
      await nojs.close();
      result.notes = notes;
    }
    await ctx.close();
    console.log(JSON.stringify(result));
  }
} finally {
  await browser.close();
}
