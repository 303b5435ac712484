// Run axe-core on local HTML files in headless Chromium and print one JSON object per file.
// usage: node axe.mjs [--rules color-contrast] FILE...
// Output: {"file": ..., "violations": [{"id", "nodes": [{"target", "html", "summary"}]}], "incomplete": [...]}
import { readFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequire } from "node:module";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(join(here, "package.json"));
const { chromium } = require("playwright-core");
const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

const args = process.argv.slice(2);
let rules = null;
if (args[0] === "--rules") { rules = args[1].split(","); args.splice(0, 2); }

const profile = mkdtempSync(join(tmpdir(), "sb-chromium-"));
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  viewport: { width: 1280, height: 800 },
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"],
});
try {
  const page = await browser.newPage();
  for (const file of args) {
    await page.goto(pathToFileURL(resolve(file)).href, { waitUntil: "load" });
    await page.addScriptTag({ content: axeSource });
    const result = await page.evaluate(async (rules) => {
      const opts = rules ? { runOnly: { type: "rule", values: rules } } : {};
      const r = await window.axe.run(document, opts);
      const slim = (list) => list.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => ({
        target: n.target, html: n.html, summary: n.failureSummary || "",
        data: (n.any[0] && n.any[0].data) || null })) }));
      return { violations: slim(r.violations), incomplete: slim(r.incomplete) };
    }, rules);
    console.log(JSON.stringify({ file, ...result }));
  }
} finally {
  await browser.close();
  rmSync(profile, { recursive: true, force: true });
}
