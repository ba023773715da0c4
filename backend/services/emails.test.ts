import { inviteEmail, resetEmail } from "./emails";

const recipient = {
  id: "user-1",
  email: "ada@example.test",
  firstname: `<a href="https://evil.example">Ada</a> & 'co'`,
};

describe("staff mails", () => {
  it.each([
    ["invitation", inviteEmail],
    ["reset", resetEmail],
  ])("the %s mail carries the first name escaped, never as markup", (_kind, build) => {
    const { text } = build("http://app.test", recipient, "token-1");
    expect(text).toContain(
      "Hello &#60;a href=&#34;https://evil.example&#34;&#62;Ada&#60;/a&#62; &#38; &#39;co&#39;,",
    );
    expect(text).not.toContain("<a");
  });

  it("leaves an ordinary name as typed", () => {
    expect(inviteEmail("http://app.test", { ...recipient, firstname: "Chidi" }, "t").text).toMatch(
      /^Hello Chidi,\n/,
    );
  });
});
