import net from "node:net";

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** From the first byte sent to the answer's head. */
  answeredAfterMs: number;
  /** Whether the server closed the connection (FIN or reset) before the test stopped waiting. */
  closedByServer: boolean;
  /** Whether the close was a reset (or a write into the closed connection failed), not a clean FIN. */
  reset: boolean;
  closedAfterMs: number;
}

/**
 * A POST over its own keep-alive connection, the body streamed in pieces as a client would send a
 * large upload (declared with Content-Length, or chunked). Unlike fetch, it shows what the server does with
 * the connection after answering: keep it, close it, or leave the client hanging.
 */
export function rawPost({
  port,
  path,
  headers = {},
  bodyBytes,
  chunked = false,
  waitMs = 5_000,
  paceMs = 0,
}: {
  port: number;
  path: string;
  headers?: Record<string, string>;
  bodyBytes: number;
  chunked?: boolean;
  waitMs?: number;
  /** A pause between pieces, for a client on a slow line. */
  paceMs?: number;
}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, "127.0.0.1");
    let received = Buffer.alloc(0);
    let answeredAfterMs = -1;
    let settled = false;
    let reset = false;
    const finish = (closedByServer: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const text = received.toString("latin1");
      const headEnd = text.indexOf("\r\n\r\n");
      if (headEnd < 0) return reject(new Error(`No answer (closed by server: ${closedByServer})`));
      const [statusLine, ...lines] = text.slice(0, headEnd).split("\r\n");
      const answerHeaders = Object.fromEntries(
        lines.map((line) => [
          line.slice(0, line.indexOf(":")).toLowerCase(),
          line.slice(line.indexOf(":") + 1).trim(),
        ]),
      );
      resolve({
        status: Number(statusLine.split(" ")[1]),
        headers: answerHeaders,
        body: received.subarray(Buffer.byteLength(text.slice(0, headEnd + 4), "latin1")).toString("utf8"),
        answeredAfterMs,
        closedByServer,
        reset,
        closedAfterMs: Date.now() - started,
      });
    };
    const timer = setTimeout(() => finish(false), waitMs);
    socket.on("data", (data) => {
      received = Buffer.concat([received, data]);
      if (answeredAfterMs < 0 && received.includes("\r\n\r\n")) answeredAfterMs = Date.now() - started;
    });
    socket.on("end", () => finish(true));
    socket.on("close", () => finish(true));
    // Writing into a connection the server has closed fails; what the server answered is what counts.
    socket.on("error", () => {
      reset = true;
      finish(true);
    });

    const head = [
      `POST ${path} HTTP/1.1`,
      "Host: 127.0.0.1",
      "Connection: keep-alive",
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      chunked ? "Transfer-Encoding: chunked" : `Content-Length: ${bodyBytes}`,
    ];
    socket.write(`${head.join("\r\n")}\r\n\r\n`);
    const piece = Buffer.alloc(64 * 1024, "a");
    let sent = 0;
    const pump = () => {
      while (sent < bodyBytes && !socket.destroyed) {
        const size = Math.min(piece.length, bodyBytes - sent);
        sent += size;
        const data = piece.subarray(0, size);
        const more = chunked
          ? socket.write(Buffer.concat([Buffer.from(`${size.toString(16)}\r\n`), data, Buffer.from("\r\n")]))
          : socket.write(data);
        if (!more) return void socket.once("drain", pump);
        if (paceMs > 0 && sent < bodyBytes) return void setTimeout(pump, paceMs);
      }
      if (chunked && !socket.destroyed) socket.write("0\r\n\r\n");
    };
    pump();
  });
}
