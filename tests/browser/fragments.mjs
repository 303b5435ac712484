// Open links with text fragments (#:~:text=...) in headless Chromium and report whether the
// browser scrolled the quoted words into view, one JSON object per case.
// usage: node fragments.mjs CASES.json
//   CASES.json: [{"url": "file:///.../page.html#:~:text=...", "target": "element id"}, ...]
// {"url", "target", "scrollY", "inView"}: inView is true when the target element's box lies in
// the viewport after the navigation (the page puts it far below the fold).
import { readFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(join(here, "package.json"));
const { chromium } = require("playwright-core");

const cases = JSON.parse(readFileSync(process.argv[2], "utf-8"));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--no-first-run"],
});
try {
  for (const c of cases) {
    const context = await browser.newContext({ viewport: { width: 900, height: 600 } });
    const page = await context.newPage();
    await page.goto(c.url, { waitUntil: "load" });
    await page.waitForTimeout(400); // the fragment is applied after load
    const result = await page.evaluate((id) => {
      const el = document.getElementById(id);
      const r = el ? el.getBoundingClientRect() : null;
      return { scrollY: window.scrollY, inView: !!r && r.bottom > 0 && r.top < window.innerHeight };
    }, c.target);
    console.log(JSON.stringify({ url: c.url, target: c.target, ...result }));
    await context.close();
  }
} finally {
  await browser.close();
}
