import express from "express";
import net from "node:net";
import type { AddressInfo } from "node:net";
const app = express();
let t0 = 0;
app.use((req, res, next) => {
  if (Number(req.get("content-length")) > 1024 * 1024) {
    console.log(`  server +${Date.now() - t0} got headers`);
    res.on("finish", () => console.log(`  server +${Date.now() - t0} res finish`));
    req.socket.on("close", () => console.log(`  server +${Date.now() - t0} socket close`));
    req.socket.on("finish", () => console.log(`  server +${Date.now() - t0} socket finish`));
    res.set("Connection", "close").status(413).json({ statusCode: 413 });
    return;
  }
  next();
});
app.all("*", (req, res) => res.json({ ok: true }));
const server = app.listen(0, "127.0.0.1");
await new Promise((r) => server.once("listening", r));
const port = (server.address() as AddressInfo).port;

function trial(size: number) {
  return new Promise<void>((resolve) => {
    t0 = Date.now();
    const socket = net.connect(port, "127.0.0.1");
    let got = "";
    socket.on("data", (d) => { got += d.toString(); console.log(`  client +${Date.now() - t0}ms data`, JSON.stringify(got.slice(0, 60))); });
    socket.on("error", (e) => console.log(`  client +${Date.now() - t0}ms error`, e.message));
    socket.on("end", () => console.log(`  client +${Date.now() - t0}ms end`));
    socket.on("close", () => { console.log(`  client +${Date.now() - t0}ms close`); resolve(); });
    socket.write(`POST /x HTTP/1.1\r\nHost: a\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${size}\r\n\r\n`);
    let sent = 0;
    const chunk = Buffer.alloc(64 * 1024, "a");
    const pump = () => {
      while (sent < size && !socket.destroyed) {
        sent += chunk.length;
        if (!socket.write(chunk)) return socket.once("drain", pump);
      }
      console.log(`  client +${Date.now() - t0}ms sent all ${sent}`);
    };
    pump();
    setTimeout(() => socket.destroy(), 15000);
  });
}
await trial(100 * 1024 * 1024);
server.close();
