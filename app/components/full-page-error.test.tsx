import { renderToStaticMarkup } from "react-dom/server";
import { FullPageError, NotFoundPage, PublicEnvContext } from "./full-page-error";

function render(element: React.ReactElement) {
  return renderToStaticMarkup(
    <PublicEnvContext.Provider value={{ supportEmail: "help@solar.example" }}>
      {element}
    </PublicEnvContext.Provider>,
  );
}

describe("FullPageError", () => {
  it("shows the status, the title, the support e-mail and both ways out", () => {
    const html = render(<FullPageError status={500} currentPath="/settings/users?page=2" />);
    expect(html).toContain(">500<");
    expect(html).toContain("Internal Server Error");
    expect(html).toContain("Sorry, something went wrong on our end. We&#x27;re working to fix it.");
    expect(html).toContain('href="mailto:help@solar.example"');
    expect(html).toMatch(/<a href="\/home"[^>]*>Go back home<\/a>/);
    expect(html).toMatch(/<a href="\/settings\/users\?page=2"[^>]*>Refresh<\/a>/);
  });

  it("says when the server could not be reached", () => {
    const html = render(<FullPageError status={503} offline currentPath="/" />);
    expect(html).toContain("No Internet Connection, Try checking your network configuration.");
  });

  it("names an unexpected application error", () => {
    expect(render(<FullPageError detail="Unexpected Application Error!" currentPath="/" />)).toContain(
      "Unexpected Application Error!",
    );
  });
});

describe("NotFoundPage", () => {
  it("is titled Page Not Found with a way home", () => {
    const html = render(<NotFoundPage />);
    expect(html).toContain("Page Not Found");
    expect(html).toMatch(/<a href="\/home"[^>]*>Go back Home<\/a>/);
  });
});
