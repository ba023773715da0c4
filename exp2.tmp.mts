import express from "express";
import type { AddressInfo } from "node:net";
import { execFileSync } from "node:child_process";
const app = express();
app.use((req, res, next) => {
  if (Number(req.get("content-length")) > 1024 * 1024) {
    res.set("Connection", "close").status(413).json({ statusCode: 413 });
    return;
  }
  next();
});
app.all("*", (req, res) => res.json({ ok: true }));
const server = app.listen(0, "127.0.0.1");
await new Promise((r) => server.once("listening", r));
const port = (server.address() as AddressInfo).port;
for (let i = 0; i < 3; i++) {
  const t0 = Date.now();
  try {
    const r = await fetch(`http://127.0.0.1:${port}/login`, { method: "POST", body: new Uint8Array(3 * 1024 * 1024), headers: { "content-type": "application/x-www-form-urlencoded" } });
    console.log("fetch", r.status, r.headers.get("connection"), await r.text(), Date.now() - t0);
  } catch (e) { console.log("fetch failed", String(e), (e as Error).cause, Date.now() - t0); }
}
const t0 = Date.now();
server.close();
