// Before the imports: the module builds its cookie storage from the configuration when it loads.
vi.hoisted(() => {
  process.env.SESSION_SECRET = "toast-test-secret-0123456789";
});

import { readToast, redirectWithSuccess } from "./toast.server";

/** The cookie a redirect sets, as the browser would send it back. */
async function toastCookie(response: Response) {
  const header = response.headers.get("Set-Cookie") ?? "";
  return header.split(";")[0];
}

const withCookie = (cookie: string) => new Request("http://app.test/home", { headers: { Cookie: cookie } });

describe("flash toasts", () => {
  it("come back from the cookie the redirect set", async () => {
    const cookie = await toastCookie(await redirectWithSuccess("/home", "Customer created successfully!"));
    const { toast } = await readToast(withCookie(cookie));
    expect(toast).toMatchObject({ type: "success", message: "Customer created successfully!" });
  });

  it("are each their own toast, so the same message twice shows twice", async () => {
    const first = await readToast(withCookie(await toastCookie(await redirectWithSuccess("/a", "Done"))));
    const second = await readToast(withCookie(await toastCookie(await redirectWithSuccess("/a", "Done"))));
    expect(first.toast?.id).toBeTruthy();
    expect(second.toast?.id).not.toBe(first.toast?.id);
  });

  it("are signed: a forged or altered cookie shows nothing", async () => {
    const forged = Buffer.from(
      JSON.stringify({
        flash: { toast: { type: "success", message: "Your account is suspended: call 0800…" } },
      }),
    ).toString("base64");
    expect(
      (await readToast(withCookie(`toast-session=${encodeURIComponent(`${forged}.`)}`))).toast,
    ).toBeUndefined();
    expect(
      (await readToast(withCookie(`toast-session=${encodeURIComponent(forged)}`))).toast,
    ).toBeUndefined();

    const genuine = await toastCookie(await redirectWithSuccess("/home", "Saved"));
    const [name, value] = genuine.split("=");
    const [payload, signature] = decodeURIComponent(value).split(".");
    const altered = Buffer.from(
      Buffer.from(payload, "base64").toString("utf8").replace("Saved", "Hacked"),
    ).toString("base64");
    const tampered = `${name}=${encodeURIComponent(`${altered}.${signature}`)}`;
    expect((await readToast(withCookie(tampered))).toast).toBeUndefined();
  });
});
