import type { z } from "zod";
import { AgentFormSchema, CreateAgentSchema, UpdateAgentSchema } from "./agents";
import { CreateDeviceSchema, DeviceBatchFormSchema, DeviceListQuerySchema, maskKey } from "./devices";
import {
  CreateTicketSchema,
  TicketAssigneeFormSchema,
  TicketStatusFormSchema,
  UpdateTicketSchema,
} from "./tickets";

function messages(result: z.SafeParseReturnType<unknown, unknown>): Record<string, string[] | undefined> {
  return result.success ? {} : result.error.flatten().fieldErrors;
}

describe("CreateAgentSchema", () => {
  it("defaults the address type and e-mail verification, and drops an empty phone", () => {
    expect(
      CreateAgentSchema.parse({
        firstname: "Ada",
        lastname: "Obi",
        email: "ada@x.ng",
        location: "Aba",
        phoneNumber: " ",
      }),
    ).toEqual({
      firstname: "Ada",
      lastname: "Obi",
      email: "ada@x.ng",
      location: "Aba",
      addressType: "HOME",
      emailVerified: true,
    });
  });

  it("reads a form's text for emailVerified and stores the phone in one form", () => {
    const parsed = CreateAgentSchema.parse({
      firstname: "Ada",
      lastname: "Obi",
      email: "ada@x.ng",
      location: "Aba",
      emailVerified: "false",
      phoneNumber: "+234 803 111 2222",
    });
    expect(parsed).toMatchObject({ emailVerified: false, phoneNumber: "08031112222" });
  });

  it("says 'Location is required'", () => {
    expect(
      messages(CreateAgentSchema.safeParse({ firstname: "A", lastname: "B", email: "a@b.co" })).location,
    ).toEqual(["Location is required"]);
  });

  it("clears the phone on edit with an empty field", () => {
    expect(UpdateAgentSchema.parse({ phoneNumber: "" })).toEqual({ phoneNumber: null });
    expect(UpdateAgentSchema.parse({})).toEqual({});
  });
});

describe("AgentFormSchema", () => {
  it("keeps the create form's required fields required, and leaves e-mail verification alone", () => {
    expect(messages(AgentFormSchema.safeParse({ firstname: "Ada", email: "ada@example.com" }))).toEqual({
      lastname: ["Last name is required"],
      location: ["Location is required"],
    });
    const parsed = AgentFormSchema.parse({
      firstname: "Ada",
      lastname: "Obi",
      email: "ada@example.com",
      location: "Kano",
    });
    expect(parsed).not.toHaveProperty("emailVerified");
    expect(UpdateAgentSchema.safeParse(parsed).success).toBe(true);
  });
});

describe("CreateDeviceSchema", () => {
  it("takes the spec's string count and form checkboxes", () => {
    expect(
      CreateDeviceSchema.parse({
        serialNumber: " SN-1 ",
        key: "abc",
        count: "12",
        restrictedDigitMode: "on",
        startingCode: " 123456 ",
      }),
    ).toEqual({
      serialNumber: "SN-1",
      key: "abc",
      startingCode: "123456",
      count: 12,
      restrictedDigitMode: true,
      isTokenable: true,
    });
  });

  it("requires the starting code of a tokenable device only", () => {
    for (const startingCode of [undefined, "", "  "]) {
      expect(messages(CreateDeviceSchema.safeParse({ serialNumber: "S", key: "k", startingCode }))).toEqual({
        startingCode: ["Starting code is required for a tokenable device"],
      });
      expect(
        CreateDeviceSchema.safeParse({ serialNumber: "S", key: "k", startingCode, isTokenable: "false" })
          .success,
      ).toBe(true);
    }
  });

  it.each(["1.5", "ten", "-1", "1e3", " "])("refuses the count %j unless it is empty", (count) => {
    const result = CreateDeviceSchema.safeParse({ serialNumber: "S", key: "k", startingCode: "1", count });
    if (count.trim() === "") expect(result.success).toBe(true);
    else expect(messages(result).count).toEqual(["Device Count must be a valid integer"]);
  });
});

describe("DeviceListQuerySchema", () => {
  it("reads linked as a boolean", () => {
    expect(DeviceListQuerySchema.parse({ linked: "false" }).linked).toBe(false);
    expect(DeviceListQuerySchema.parse({ linked: "1" }).linked).toBe(true);
  });
});

describe("DeviceBatchFormSchema", () => {
  const file = (name: string, content = "Serial Number,Key\n") => new File([content], name);
  it("takes one .csv or .xlsx file", () => {
    expect(DeviceBatchFormSchema.safeParse({ file: file("devices.CSV") }).success).toBe(true);
    expect(DeviceBatchFormSchema.safeParse({ file: file("devices.xlsx") }).success).toBe(true);
  });
  it("says what is wrong with anything else", () => {
    expect(messages(DeviceBatchFormSchema.safeParse({}))).toEqual({ file: ["Devices file is required"] });
    // What a file input sends when nothing was chosen.
    expect(messages(DeviceBatchFormSchema.safeParse({ file: new File([], "") }))).toEqual({
      file: ["Devices file is required"],
    });
    expect(messages(DeviceBatchFormSchema.safeParse({ file: file("devices.xls") }))).toEqual({
      file: ["Only CSV/Excel files (.csv, .xlsx) allowed"],
    });
    expect(messages(DeviceBatchFormSchema.safeParse({ file: "devices.csv" }))).toEqual({
      file: ["Devices file is required"],
    });
    const large = file("big.csv", "x".repeat(5 * 1024 * 1024 + 1));
    expect(messages(DeviceBatchFormSchema.safeParse({ file: large }))).toEqual({
      file: ["The file must be 5 MB or smaller"],
    });
  });
});

describe("maskKey", () => {
  it("shows only the last four characters of a real key, and none of a short one", () => {
    expect(maskKey("00112233445566778899aabbccddeeff")).toBe("••••••••eeff");
    expect(maskKey("12345678")).toBe("••••••••");
  });
});

describe("ticket schemas", () => {
  it("say the spec's messages for a blank form", () => {
    expect(
      messages(CreateTicketSchema.safeParse({ type: "", priority: "", subject: "", description: "" })),
    ).toEqual({
      type: ["Type is required"],
      priority: ["Priority is required"],
      subject: ["Subject is required"],
      description: ["Description is required"],
    });
  });

  it("take an empty assignee as unassigning", () => {
    expect(UpdateTicketSchema.parse({ assigneeId: "" })).toEqual({ assigneeId: null });
  });
});

describe("the ticket page's forms", () => {
  it("need a status to move to, one of the four", () => {
    expect(messages(TicketStatusFormSchema.safeParse({}))).toEqual({ status: ["Status is required"] });
    expect(messages(TicketStatusFormSchema.safeParse({ status: "done" }))).toEqual({
      status: ["Status must be open, active, resolved, closed"],
    });
    expect(TicketStatusFormSchema.parse({ status: "resolved" })).toEqual({ status: "resolved" });
  });
  it("take no assignee as nobody, and an id as someone", () => {
    expect(TicketAssigneeFormSchema.parse({})).toEqual({});
    expect(TicketAssigneeFormSchema.parse({ assigneeId: " u1 " })).toEqual({ assigneeId: "u1" });
  });
});
