import { describe, expect, it, vi } from "vitest";
import { isSupersededRequest, quietSupersededRequests } from "./quiet-superseded-requests";

describe("quietSupersededRequests", () => {
  it("drops only a lone aborted request and logs everything else", () => {
    const error = vi.fn();
    const target = { error };
    quietSupersededRequests(target);

    target.error(new DOMException("BodyStreamBuffer was aborted", "AbortError"));
    expect(error).not.toHaveBeenCalled();

    const failure = new Error("Unable to decode turbo-stream response");
    target.error(failure);
    target.error(new DOMException("The operation is insecure.", "SecurityError"));
    target.error("Aborted:", new DOMException("x", "AbortError"));
    expect(error.mock.calls).toEqual([
      [failure],
      [new DOMException("The operation is insecure.", "SecurityError")],
      ["Aborted:", new DOMException("x", "AbortError")],
    ]);
  });

  it("does not take an ordinary error named like an abort for one", () => {
    const lookalike = new Error("AbortError");
    lookalike.name = "AbortError";
    expect(isSupersededRequest([lookalike])).toBe(false);
  });
});
