import { beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { DEVICES_UPLOADED, DeviceBatchFormSchema, DeviceBatchResultSchema } from "#backend/schemas/devices";

const apiWrite = vi.fn();
const apiWriteMultipart = vi.fn();
vi.mock("~/api.server", () => ({
  apiWrite: (...args: unknown[]) => apiWrite(...args),
  apiWriteMultipart: (...args: unknown[]) => apiWriteMultipart(...args),
}));
const redirectWithSuccess = vi.fn();
vi.mock("~/toast.server", () => ({
  redirectWithSuccess: (...args: unknown[]) => redirectWithSuccess(...args),
}));

const { batchUploadAction, createAction } = await import("./create-actions.server");

const CreateThingSchema = z.object({ name: z.string({ required_error: "Name is required" }) });
const ThingSchema = z.object({ id: z.string(), name: z.string() });

const create = {
  form: CreateThingSchema,
  path: "/v1/things",
  answer: ThingSchema,
  failureToast: "Thing Creation Failed: Internal Server Error",
  done: { list: "/things/all", message: "Thing created successfully!" },
} as const;

function post(fields: Record<string, string>) {
  return new Request("http://app.test/things/all/new?page=3&search=lamp", {
    method: "POST",
    body: new URLSearchParams(fields),
  });
}

describe("a New drawer's action", () => {
  beforeEach(() => {
    apiWrite.mockReset();
    redirectWithSuccess.mockReset();
  });

  it("answers a form the schema refuses without calling the API", async () => {
    const answer = await createAction(post({}), create);
    expect(apiWrite).not.toHaveBeenCalled();
    expect(answer).toMatchObject({
      init: { status: 400 },
      data: { result: { error: { name: ["Name is required"] } } },
    });
  });

  it("posts the checked values and goes back to the list it sits over", async () => {
    apiWrite.mockResolvedValue({ ok: true, data: { id: "t1", name: "Lamp" } });
    await createAction(post({ name: "Lamp" }), create);
    expect(apiWrite).toHaveBeenCalledWith(
      expect.any(Request),
      { method: "POST", path: "/v1/things", body: { name: "Lamp" } },
      ThingSchema,
    );
    expect(redirectWithSuccess).toHaveBeenCalledWith(
      "/things/all?page=3&search=lamp",
      "Thing created successfully!",
    );
  });

  it("lets the list change to show the new record", async () => {
    apiWrite.mockResolvedValue({ ok: true, data: { id: "t1", name: "Lamp" } });
    await createAction(post({ name: "Lamp" }), {
      ...create,
      done: { ...create.done, listParams: (thing) => ({ thingId: thing.id, page: null }) },
    });
    expect(redirectWithSuccess).toHaveBeenCalledWith(
      "/things/all?search=lamp&thingId=t1",
      "Thing created successfully!",
    );
  });

  it("answers the API's refusal under the fields, and a server fault with the screen's toast", async () => {
    apiWrite.mockResolvedValue({
      ok: false,
      failure: { status: 400, message: ["name: Name is taken"], fieldErrors: { name: ["Name is taken"] } },
    });
    expect(await createAction(post({ name: "Lamp" }), create)).toMatchObject({
      init: { status: 400 },
      data: {
        result: { error: { name: ["Name is taken"] } },
        // The spec's 400 toast, pointing to the reason under the field.
        toast: { message: "Bad Request: Please check your submission. The reason is shown under the field." },
      },
    });
    apiWrite.mockResolvedValue({ ok: false, failure: { status: 500 } });
    expect(await createAction(post({ name: "Lamp" }), create)).toMatchObject({
      init: { status: 500 },
      data: { toast: { message: "Thing Creation Failed: Internal Server Error" } },
    });
  });
});

const batch = {
  form: DeviceBatchFormSchema,
  path: "/v1/device/batch-upload",
  answer: DeviceBatchResultSchema,
  failureToast: "Device(s) Creation Failed: Internal Server Error",
  done: { list: "/devices/all", message: DEVICES_UPLOADED, noun: "device" },
} as const;

function upload(file?: File) {
  const body = new FormData();
  if (file) body.set("file", file);
  return new Request("http://app.test/devices/all/batch?page=2", { method: "POST", body });
}

const devicesFile = () => new File(["Serial Number,Key\nSN-1,K-1\n"], "devices.csv", { type: "text/csv" });

const rowRefusal = {
  ok: false,
  failure: {
    status: 400,
    message: "The file has problems",
    body: {
      statusCode: 400,
      message: "The file has problems",
      error: "Bad Request",
      errors: [{ row: 2, column: "Key", message: "Key is required" }],
      errorCount: 1,
    },
  },
};

describe("a batch upload's action", () => {
  beforeEach(() => {
    apiWriteMultipart.mockReset();
    redirectWithSuccess.mockReset();
    redirectWithSuccess.mockImplementation(
      async (to: string) => new Response(null, { status: 302, headers: { Location: to } }),
    );
  });

  it("refuses a form without a file before calling the API", async () => {
    const answer = await batchUploadAction(upload(), batch);
    expect(apiWriteMultipart).not.toHaveBeenCalled();
    expect(answer).toMatchObject({ init: { status: 400 } });
  });

  it("sends the file as it came and goes back to the list, counting what was added", async () => {
    apiWriteMultipart.mockResolvedValue({ ok: true, data: { message: "ok", count: 1200 } });
    await batchUploadAction(upload(devicesFile()), batch);
    const [, call] = apiWriteMultipart.mock.calls[0];
    expect(call).toMatchObject({ method: "POST", path: "/v1/device/batch-upload" });
    expect(call.formData.get("file")).toMatchObject({ name: "devices.csv" });
    expect(redirectWithSuccess).toHaveBeenCalledWith("/devices/all?page=2", {
      message: DEVICES_UPLOADED,
      description: "1,200 devices added.",
    });
  });

  it("answers a refused file with the API's row report beside the form's messages", async () => {
    apiWriteMultipart.mockResolvedValue(rowRefusal);
    const answer = await batchUploadAction(upload(devicesFile()), batch);
    expect(answer).toMatchObject({
      init: { status: 400 },
      data: { report: { errors: rowRefusal.failure.body.errors, errorCount: 1 }, toast: { type: "error" } },
    });
  });

  it("sends a refused file the API kept to its correction page", async () => {
    apiWriteMultipart.mockResolvedValue(rowRefusal);
    const answer = await batchUploadAction(upload(devicesFile()), {
      ...batch,
      correctionPage: () => "/sales/all/batch-upload/u-1",
    });
    expect(answer).toBeInstanceOf(Response);
    expect(answer instanceof Response && answer.headers.get("Location")).toBe("/sales/all/batch-upload/u-1");
  });

  it("answers a refusal without a report with the screen's own toast for a server fault", async () => {
    apiWriteMultipart.mockResolvedValue({ ok: false, failure: { status: 500, body: null } });
    const answer = await batchUploadAction(upload(devicesFile()), batch);
    expect(answer).toMatchObject({
      init: { status: 500 },
      data: { report: null, toast: { message: "Device(s) Creation Failed: Internal Server Error" } },
    });
  });
});
