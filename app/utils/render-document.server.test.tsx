import { Suspense } from "react";
import { describe, expect, it } from "vitest";
import { renderCompleteDocument } from "./render-document.server";

const never = new Promise<never>(() => {});
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

function Suspends(): never {
  throw never;
}

describe("renderCompleteDocument", () => {
  it("renders the document with its doctype, text escaped", () => {
    const bytes = renderCompleteDocument(
      <html lang="en">
        <body>
          <p>{"<!--$!--> & <b>"}</p>
        </body>
      </html>,
    );
    expect(text(bytes)).toBe(
      '<!DOCTYPE html><html lang="en"><body><p>&lt;!--$!--&gt; &amp; &lt;b&gt;</p></body></html>',
    );
  });

  it("sends UTF-8, the naira sign and a lone surrogate as a browser would read them", () => {
    const bytes = renderCompleteDocument(<p>{"₦210,000 \uD800"}</p>);
    expect(text(bytes)).toBe("<!DOCTYPE html><p>₦210,000 \uFFFD</p>");
    expect([...bytes.subarray(18, 21)]).toEqual([0xe2, 0x82, 0xa6]);
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
