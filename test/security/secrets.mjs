// The secrets the probe saved through the API (platform passwords and tokens, a language model key)
// may appear in no answer, no line of the server's log and no file of its local state (they are
// encrypted at rest).
import fs from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { unzipSync } from "fflate";

/** The readable forms of a body: itself, and the files of a zip or the text of a gzip it is. */
function readable(bytes) {
  const out = [bytes];
  try {
    if (bytes[0] === 0x50 && bytes[1] === 0x4b) for (const file of Object.values(unzipSync(new Uint8Array(bytes)))) out.push(Buffer.from(file));
    else if (bytes[0] === 0x1f && bytes[1] === 0x8b) out.push(gunzipSync(bytes));
  } catch {
    // Not an archive after all.
  }
  return out;
}

/** The spellings of a secret to look for: as saved, base64 (as in a Basic header) and JSON-escaped. */
function needles(secret) {
  return [secret, Buffer.from(secret).toString("base64"), JSON.stringify(secret).slice(1, -1)].map((s) => Buffer.from(s));
}

function filesUnder(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(p));
    else if (entry.isFile()) out.push(p);
  }
  return out;
}

/**
 * Looks for every secret in every answer the client kept, in the server's output and in the files of
 * its persisted state. Returns what was searched and where anything was found.
 */
export function findSecrets({ secrets, answers, serverOutput, persistTo }) {
  const wanted = Object.entries(secrets).map(([name, value]) => ({ name, needles: needles(value) }));
  const found = [];
  const matches = (bytes) => wanted.filter((w) => w.needles.some((n) => bytes.includes(n))).map((w) => w.name);
  const scan = (bytes, where) => {
    for (const name of matches(bytes)) found.push(`${name} in ${where}`);
  };
  // The scanner's own control: each secret, in each spelling, inside other text, is found.
  for (const [name, value] of Object.entries(secrets)) {
    for (const spelling of needles(value)) {
      if (!matches(Buffer.concat([Buffer.from("before "), spelling, Buffer.from(" after")])).includes(name)) throw new Error(`the secrets scanner misses ${name}`);
    }
  }
  for (const a of answers) for (const part of readable(a.bytes)) scan(part, `the answer to ${a.method} ${a.path} (${a.status})`);
  scan(Buffer.from(serverOutput.join("\n")), "the server's log");
  const files = fs.existsSync(persistTo) ? filesUnder(persistTo) : [];
  for (const file of files) scan(fs.readFileSync(file), `the stored file ${path.relative(persistTo, file)}`);
  return { secrets: wanted.length, answers: answers.length, logLines: serverOutput.length, stateFiles: files.length, found };
}
