import { agentStatusTone } from "./agent-status";

describe("agentStatusTone", () => {
  it("shows active as success, barred as error and anything else as neutral (spec 001 §4)", () => {
    expect(agentStatusTone("active")).toBe("success");
    expect(agentStatusTone("barred")).toBe("error");
    expect(agentStatusTone("suspended")).toBe("neutral");
    expect(agentStatusTone("")).toBe("neutral");
  });
});
