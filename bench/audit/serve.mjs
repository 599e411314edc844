// A static file server for the audits: serves a built site from 127.0.0.1
// on a free port, gzip for text (as a real host would), index.html for
// folders, 404.html for what is missing.
import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import { gzipSync } from "node:zlib";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".xml": "application/xml",
  ".txt": "text/plain; charset=utf-8",
  ".json": "application/json",
};

async function resolve(root, urlPath) {
  const rel = normalize(decodeURIComponent(urlPath.split("?")[0])).replace(/^(\.\.[/\\])+/, "");
  let file = join(root, rel);
  try {
    if ((await stat(file)).isDirectory()) file = join(file, "index.html");
    await stat(file);
    return { file, status: 200 };
  } catch {
    return { file: join(root, "404.html"), status: 404 };
  }
}

/** Serves `root`; resolves to `{ origin, close }`. */
export function serve(root) {
  const server = createServer(async (req, res) => {
    const { file, status } = await resolve(root, req.url);
    let body;
    try {
      body = await readFile(file);
    } catch {
      res.writeHead(404).end();
      return;
    }
    const type = TYPES[extname(file)] ?? "application/octet-stream";
    const headers = { "content-type": type, "cache-control": "max-age=3600" };
    if (/text|xml|svg|json/.test(type) && /gzip/.test(req.headers["accept-encoding"] ?? "")) {
      body = gzipSync(body);
      headers["content-encoding"] = "gzip";
    }
    res.writeHead(status, headers).end(body);
  });
  return new Promise((ok) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      ok({ origin: `http://127.0.0.1:${port}`, close: () => server.close() });
    });
  });
}

/**
 * `SITE_DIR [--json FILE] [--only REGEX]` and the other `--name value`
 * options of an audit script's command line; exits with `usage` without SITE_DIR.
 */
export function cliArgs(usage) {
  const [dir, ...rest] = process.argv.slice(2);
  if (!dir) {
    console.error(`usage: ${usage}`);
    process.exit(2);
  }
  const opt = (name) => {
    const i = rest.indexOf(name);
    return i >= 0 ? rest[i + 1] : undefined;
  };
  return { dir, opt, json: opt("--json"), only: opt("--only") && new RegExp(opt("--only")) };
}

/** Every HTML page of a built site, as URL paths (`/en/tiles/`), sorted. */
export async function pagePaths(root) {
  const { readdir } = await import("node:fs/promises");
  const out = [];
  async function walk(dir, prefix) {
    for (const e of await readdir(dir, { withFileTypes: true })) {
      if (e.isDirectory()) await walk(join(dir, e.name), `${prefix}${e.name}/`);
      else if (e.name === "index.html") out.push(prefix);
      else if (e.name.endsWith(".html")) out.push(prefix + e.name);
    }
  }
  await walk(root, "/");
  return out.sort();
}
