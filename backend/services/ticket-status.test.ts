import { TICKET_STATUSES, TICKET_TRANSITIONS, canMoveTicket } from "../schemas/tickets";
import { ServiceError } from "./errors";
import { nextTicketState } from "./tickets";

const SUPPORT = ["manage:Tickets"];
const WORKER = ["read:Tickets", "write:Tickets"];

function refusal(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof ServiceError)
      return { kind: error.kind, fieldErrors: error.fieldErrors, message: error.message };
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("the ticket transition table (docs/decisions/016)", () => {
  it("walks open → active → resolved → closed and reopens resolved and closed tickets", () => {
    expect(canMoveTicket("open", "active")).toBe(true);
    expect(canMoveTicket("active", "resolved")).toBe(true);
    expect(canMoveTicket("resolved", "closed")).toBe(true);
    for (const from of ["resolved", "closed"] as const) {
      expect(canMoveTicket(from, "open")).toBe(true);
      expect(canMoveTicket(from, "active")).toBe(true);
    }
  });

  it("has no shortcut past the work: open and active tickets are not resolved or closed unworked", () => {
    expect(canMoveTicket("open", "resolved")).toBe(false);
    expect(canMoveTicket("active", "closed")).toBe(false);
    expect(canMoveTicket("closed", "resolved")).toBe(false);
  });

  it("never lists a status as a move to itself, and names only real statuses", () => {
    for (const status of TICKET_STATUSES) {
      expect(TICKET_TRANSITIONS[status]).not.toContain(status);
      for (const to of TICKET_TRANSITIONS[status]) expect(TICKET_STATUSES).toContain(to);
    }
  });
});

describe("nextTicketState", () => {
  it("makes an open ticket active when someone is assigned, and open again when taken off", () => {
    expect(nextTicketState({ status: "open", assigneeId: null }, { assigneeId: "u1" }, WORKER)).toEqual({
      status: "active",
      assigneeId: "u1",
    });
    expect(nextTicketState({ status: "active", assigneeId: "u1" }, { assigneeId: null }, WORKER)).toEqual({
      status: "open",
      assigneeId: null,
    });
  });

  it("keeps the assignee of a resolved ticket, and clears it when the ticket goes back to open", () => {
    expect(nextTicketState({ status: "active", assigneeId: "u1" }, { status: "resolved" }, WORKER)).toEqual({
      status: "resolved",
      assigneeId: "u1",
    });
    expect(nextTicketState({ status: "resolved", assigneeId: "u1" }, { status: "open" }, WORKER)).toEqual({
      status: "open",
      assigneeId: null,
    });
    expect(nextTicketState({ status: "resolved", assigneeId: "u1" }, { assigneeId: "u2" }, WORKER)).toEqual({
      status: "resolved",
      assigneeId: "u2",
    });
  });

  it("refuses moves off the table, active without an assignee, and reopening closed without manage", () => {
    // Dismissing a ticket nobody took (a duplicate, spam) is allowed.
    expect(nextTicketState({ status: "open", assigneeId: null }, { status: "closed" }, WORKER).status).toBe(
      "closed",
    );
    expect(
      refusal(() => nextTicketState({ status: "open", assigneeId: null }, { status: "resolved" }, WORKER)),
    ).toMatchObject({
      kind: "invalid",
      fieldErrors: { status: ["An open ticket cannot be moved to resolved"] },
    });
    expect(
      refusal(() => nextTicketState({ status: "open", assigneeId: null }, { status: "active" }, WORKER)),
    ).toMatchObject({
      kind: "invalid",
      fieldErrors: { status: ["Assign someone before making the ticket active"] },
    });
    expect(
      refusal(() => nextTicketState({ status: "closed", assigneeId: null }, { status: "open" }, WORKER)),
    ).toMatchObject({ kind: "forbidden" });
    expect(nextTicketState({ status: "closed", assigneeId: null }, { status: "open" }, SUPPORT)).toEqual({
      status: "open",
      assigneeId: null,
    });
  });
});
