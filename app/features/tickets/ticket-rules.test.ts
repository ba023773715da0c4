import type { TicketEvent } from "#backend/schemas/tickets";
import { describeTicketEvent, statusChoices, ticketSection } from "./ticket-rules";

const event = (fields: Partial<TicketEvent>): TicketEvent => ({
  id: "e1",
  kind: "created",
  actorId: "u1",
  actorName: "Aisha Bello",
  fromStatus: null,
  toStatus: null,
  fromAssigneeId: null,
  fromAssigneeName: null,
  toAssigneeId: null,
  toAssigneeName: null,
  body: null,
  createdAt: "2026-03-03T14:05:00.000Z",
  ...fields,
});

describe("statusChoices", () => {
  it("offers the transition table's moves, active only once someone is assigned", () => {
    expect(statusChoices({ status: "open", assigneeId: null }, false)).toEqual(["closed"]);
    expect(statusChoices({ status: "active", assigneeId: "u1" }, false)).toEqual(["open", "resolved"]);
    expect(statusChoices({ status: "resolved", assigneeId: "u1" }, false)).toEqual([
      "closed",
      "open",
      "active",
    ]);
    expect(statusChoices({ status: "resolved", assigneeId: null }, false)).toEqual(["closed", "open"]);
  });
  it("lets only a role that manages tickets reopen a closed one", () => {
    expect(statusChoices({ status: "closed", assigneeId: "u1" }, false)).toEqual([]);
    expect(statusChoices({ status: "closed", assigneeId: "u1" }, true)).toEqual(["open", "active"]);
    expect(statusChoices({ status: "closed", assigneeId: null }, true)).toEqual(["open"]);
  });
});

describe("describeTicketEvent", () => {
  it("says each kind of change in words", () => {
    expect(describeTicketEvent(event({}))).toBe("opened the ticket");
    expect(describeTicketEvent(event({ kind: "status", fromStatus: "active", toStatus: "resolved" }))).toBe(
      "moved it from Active to Resolved",
    );
    expect(
      describeTicketEvent(event({ kind: "assignee", toAssigneeId: "u2", toAssigneeName: "Kelechi Amadi" })),
    ).toBe("assigned it to Kelechi Amadi");
    expect(
      describeTicketEvent(
        event({ kind: "assignee", fromAssigneeId: "u2", fromAssigneeName: "Kelechi Amadi" }),
      ),
    ).toBe("took it off Kelechi Amadi");
    expect(
      describeTicketEvent(
        event({
          kind: "assignee",
          fromAssigneeId: "u2",
          fromAssigneeName: null,
          toAssigneeId: "u3",
          toAssigneeName: "Aisha Bello",
        }),
      ),
    ).toBe("reassigned it from a former colleague to Aisha Bello");
    expect(describeTicketEvent(event({ kind: "comment", body: "Called" }))).toBe("commented");
  });
});

describe("ticketSection", () => {
  it("keeps the prefix the user came by", () => {
    expect(ticketSection("/tickets/all")).toBe("tickets");
    expect(ticketSection("/support/t1")).toBe("support");
    expect(ticketSection("/ticketsx")).toBe("support");
  });
});
