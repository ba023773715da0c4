import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router-dom/server";
import { Drawer } from "./drawer";
import { Modal } from "./modal";

/** Server markup, as a browser without JavaScript gets it. */
const render = (element: React.ReactElement) =>
  renderToStaticMarkup(<StaticRouter location="/customers/all/new?page=2">{element}</StaticRouter>);

describe("the dialogs with a URL of their own", () => {
  it("a drawer is a dialog named by its title, closed by links back to the list", () => {
    const html = render(
      <Drawer title="New Customer" closeTo="/customers/all?page=2">
        <p>fields</p>
      </Drawer>,
    );
    expect(html).toMatch(/<aside role="dialog" aria-modal="true" aria-labelledby="drawer-title"/);
    expect(html).toMatch(/<h2 id="drawer-title" tabindex="-1" autofocus=""[^>]*>New Customer<\/h2>/);
    expect(html).toMatch(
      /<a aria-label="Close panel"[^>]*data-testid="drawer-backdrop"[^>]*href="\/customers\/all\?page=2"/,
    );
    expect(html).toMatch(/<a [^>]*aria-label="Close"[^>]*href="\/customers\/all\?page=2"/);
    expect(html).toContain('class="absolute inset-y-0 right-0 flex w-full max-w-[530px]');
    expect(html).toContain("<p>fields</p>");
  });

  it("a drawer takes its width from its size", () => {
    const html = render(
      <Drawer title="Batch" size="large" closeTo="/devices/all">
        <p />
      </Drawer>,
    );
    expect(html).toContain("max-w-[660px]");
  });

  it("a modal is a dialog named by its title and described by its hint", () => {
    const html = render(
      <Modal title="Fill Sale Recipient" hint="Who receives this product." closeTo="/sales/all/new/d1">
        <p>fields</p>
      </Modal>,
    );
    expect(html).toMatch(
      /<section role="dialog" aria-modal="true" aria-labelledby="modal-title" aria-describedby="modal-hint"/,
    );
    expect(html).toMatch(
      /<h2 id="modal-title"[^>]*>Fill Sale Recipient<\/h2><p id="modal-hint"[^>]*>Who receives this product.<\/p>/,
    );
    expect(html).toMatch(
      /<a aria-label="Close dialog"[^>]*data-testid="modal-backdrop"[^>]*href="\/sales\/all\/new\/d1"/,
    );
    expect(html).toMatch(/<a [^>]*aria-label="Close"[^>]*href="\/sales\/all\/new\/d1"/);
  });

  it("a modal without a hint is described by nothing", () => {
    const html = render(
      <Modal title="Next of Kin" closeTo="/sales/all/new/d1">
        <p />
      </Modal>,
    );
    expect(html).not.toContain("aria-describedby");
    expect(html).not.toContain("modal-hint");
  });
});
