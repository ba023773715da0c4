import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { RouterProvider, createMemoryRouter } from "react-router-dom";
import { SetPasswordScreen } from "~/features/set-password";
import { SignInScreen } from "~/features/sign-in";
import ChangePasswordRoute from "~/routes/_app.settings.change-password";

const neverAnswers = () => new Promise<never>(() => {});

/**
 * `screen` at `path` while a POST to `postTo` is under way. Another form's submission (the header's
 * sign-out form posts to /logout) must not make the screen's own button look busy.
 */
async function renderWhilePosting(screen: ReactElement, path: string, postTo: string) {
  const router = createMemoryRouter(
    [
      { id: "screen", path, element: screen, action: neverAnswers },
      { id: "logout", path: "/logout", action: neverAnswers },
    ],
    {
      initialEntries: [path],
      hydrationData: { loaderData: { screen: { mode: "login", redirectTo: "" } } },
    },
  );
  void router.navigate(postTo, { formMethod: "post", formData: new FormData() });
  await vi.waitFor(() => expect(router.state.navigation.state).toBe("submitting"));
  const html = renderClientRouter(<RouterProvider router={router} />);
  router.dispose();
  return html;
}

/**
 * The client router rendered to markup on purpose, to see the screen mid-submission: React's development
 * build then warns that the router's layout effect cannot run in a server render. That warning is kept out
 * of the run's output; anything else logged fails the test.
 */
function renderClientRouter(element: ReactElement) {
  const logged: string[] = [];
  const quiet = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    logged.push(args.map(String).join(" "));
  });
  let html: string;
  try {
    html = renderToStaticMarkup(element);
  } finally {
    quiet.mockRestore();
  }
  expect(logged.filter((line) => !line.includes("useLayoutEffect does nothing on the server"))).toEqual([]);
  return html;
}

const screens = [
  {
    name: "sign in",
    screen: <SignInScreen />,
    path: "/login",
    label: "Sign In",
    pendingText: "Signing in...",
  },
  {
    name: "set password",
    screen: (
      <SetPasswordScreen
        title="Create your password"
        subtitle=""
        fields={[
          { name: "password", label: "Password" },
          { name: "confirmPassword", label: "Confirm Password" },
        ]}
        submitLabel="Create Password"
        actionData={undefined}
      />
    ),
    path: "/create-password/1/token",
    label: "Create Password",
    pendingText: "Saving...",
  },
  {
    name: "change password",
    screen: <ChangePasswordRoute />,
    path: "/settings/change-password",
    label: "Update Password",
    pendingText: "Saving...",
  },
];

describe.each(screens)("the $name form's submit button", ({ screen, path, label, pendingText }) => {
  it("stays as it is while another form of the page is being sent", async () => {
    const html = await renderWhilePosting(screen, path, "/logout");
    expect(html).toMatch(new RegExp(`<button type="submit"[^>]*>${label}</button>`));
    expect(html).not.toContain(pendingText);
    expect(html).not.toMatch(/<button type="submit"[^>]* disabled=""/);
  });

  it("shows its own form being sent", async () => {
    const html = await renderWhilePosting(screen, path, path);
    expect(html).toMatch(new RegExp(`<button type="submit"[^>]* disabled=""[^>]*>${pendingText}</button>`));
  });
});
