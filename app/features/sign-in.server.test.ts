export {};

// The session and toast modules read their secret when first imported.
process.env.SESSION_SECRET ??= "unit-test-session-secret";
const { action, loader } = await import("./sign-in.server");

const args = (request: Request) => ({ request, params: {}, context: {} });

async function answer(response: unknown) {
  // Remix's data() wraps the body; read it the way the framework would.
  const wrapped = response as {
    data: { result: { error: Record<string, string[]> } };
    init: { status: number };
  };
  return { status: wrapped.init.status, errors: wrapped.data.result.error };
}

describe("sign-in action", () => {
  it("answers a body that is not a form with the field messages, not a server error", async () => {
    const request = new Request("http://app.test/?index", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "admin@example.com" }),
    });
    const { status, errors } = await answer(await action(args(request)));
    expect(status).toBe(400);
    expect(errors).toMatchObject({ email: ["Email is required"], password: ["Password is required"] });
  });

  it("checks the e-mail before calling the backend", async () => {
    const body = new URLSearchParams({ intent: "login", email: "nope", password: "x", redirectTo: "/home" });
    const request = new Request("http://app.test/?index", { method: "POST", body });
    const { status, errors } = await answer(await action(args(request)));
    expect(status).toBe(400);
    expect(errors).toMatchObject({ email: ["Invalid email address"] });
  });
});

describe("sign-in loader", () => {
  it("drops a hostile redirect target", async () => {
    const result = await loader(args(new Request("http://app.test/?redirect=https://evil.example")));
    expect(result).toEqual({ mode: "login", redirectTo: "" });
  });

  it("keeps a same-site target and opens the forgot-password mode", async () => {
    const result = await loader(args(new Request("http://app.test/login?mode=forgot&redirect=/sales/all")));
    expect(result).toEqual({ mode: "forgot", redirectTo: "/sales/all" });
  });
});
