import fs from "node:fs";
import { extractPage } from "../workers/crawl/extract";
const m = JSON.parse(fs.readFileSync("test/fixtures/real/manifest.json", "utf8"));
const [id, field] = process.argv.slice(2);
const p = m.pages.find((x: any) => x.id === id);
const html = fs.readFileSync("test/fixtures/real/" + p.file, "utf8");
const r: any = extractPage(html, p.url);
console.log(JSON.stringify(r.metadata[field], null, 1).slice(0, 3000));
