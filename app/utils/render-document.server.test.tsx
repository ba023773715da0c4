import { Suspense } from "react";
import { describe, expect, it } from "vitest";
import { renderCompleteDocument } from "./render-document.server";

const never = new Promise<never>(() => {});

function Suspends(): never {
  throw never;
}

describe("renderCompleteDocument", () => {
  it("renders the document with its doctype, text escaped", () => {
    const html = renderCompleteDocument(
      <html lang="en">
        <body>
          <p>{"<!--$!--> & <b>"}</p>
        </body>
      </html>,
    );
    expect(html).toBe(
      '<!DOCTYPE html><html lang="en"><body><p>&lt;!--$!--&gt; &amp; &lt;b&gt;</p></body></html>',
    );
  });

  it("refuses a page where a Suspense boundary was left to the browser", () => {
    const page = (
      <html lang="en">
        <body>
          <Suspense fallback={<p>Loading</p>}>
            <Suspends />
          </Suspense>
        </body>
      </html>
    );
    expect(() => renderCompleteDocument(page)).toThrow(/suspended during the server render/);
  });

  it("refuses a page that suspends outside any boundary", () => {
    expect(() => renderCompleteDocument(<Suspends />)).toThrow();
  });
});
