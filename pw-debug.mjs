import { chromium } from "playwright-core";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--headless=new"] });
for (const path of ["/practices/1", "/articles/10", "/", "/courses"]) {
  for (let i = 0; i < 2; i++) {
  const ctx = await b.newContext({ viewport: { width: 412, height: 823 } });
  const p = await ctx.newPage();
  await p.goto("http://127.0.0.1:8790" + path, { waitUntil: "load" });
  await p.waitForTimeout(1500);
  const r = await p.evaluate(() => {
    const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime;
    const res = performance.getEntriesByType("resource").filter(e => /font|svg/.test(e.name)).map(e => e.name.split("/").pop() + "@" + Math.round(e.startTime) + "-" + Math.round(e.responseEnd));
    return { fcp: Math.round(fcp), res };
  });
  console.log(path, JSON.stringify(r));
  await ctx.close();
  }
}
await b.close();
