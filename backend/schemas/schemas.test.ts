import {
  ChangePasswordSchema,
  CreatePasswordSchema,
  ForgotPasswordSchema,
  LoginSchema,
  ResetPasswordSchema,
} from "./auth";
import { PhoneSchema } from "./fields";
import { PaginationSchema } from "./list";
import { AddUserSchema, ProfileSchema, UpdateUserSchema } from "./users";
import type { z } from "zod";

function messages(result: z.SafeParseReturnType<unknown, unknown>): Record<string, string[] | undefined> {
  return result.success ? {} : result.error.flatten().fieldErrors;
}

describe("LoginSchema", () => {
  it("requires both fields with the spec's wording", () => {
    expect(messages(LoginSchema.safeParse({}))).toEqual({
      email: ["Email is required"],
      password: ["Password is required"],
    });
    expect(messages(LoginSchema.safeParse({ email: "", password: "" }))).toEqual({
      email: ["Email is required"],
      password: ["Password is required"],
    });
  });
  it("checks the e-mail format and trims it", () => {
    expect(messages(LoginSchema.safeParse({ email: "nope", password: "x" }))).toEqual({
      email: ["Invalid email address"],
    });
    expect(LoginSchema.parse({ email: "  a@b.co ", password: "x" }).email).toBe("a@b.co");
  });
  it("drops unknown fields (decision 004)", () => {
    expect(LoginSchema.parse({ email: "a@b.co", password: "x", role: "admin" })).toEqual({
      email: "a@b.co",
      password: "x",
    });
  });
});

describe("password forms", () => {
  it("forgot password needs a valid e-mail", () => {
    expect(ForgotPasswordSchema.safeParse({ email: "a@b.co" }).success).toBe(true);
    expect(messages(ForgotPasswordSchema.safeParse({ email: "x" }))).toEqual({
      email: ["Invalid email address"],
    });
  });
  it("new passwords follow the strength rule and must match", () => {
    expect(
      messages(CreatePasswordSchema.safeParse({ password: "short1", confirmPassword: "short1" })).password,
    ).toEqual(["Password must be at least 8 characters"]);
    expect(
      messages(CreatePasswordSchema.safeParse({ password: "lettersonly", confirmPassword: "lettersonly" }))
        .password,
    ).toEqual(["Password must contain a letter and a digit"]);
    expect(
      messages(CreatePasswordSchema.safeParse({ password: "Good-pass-1", confirmPassword: "Other-pass-1" })),
    ).toEqual({
      confirmPassword: ["Passwords do not match"],
    });
    expect(
      CreatePasswordSchema.safeParse({ password: "Good-pass-1", confirmPassword: "Good-pass-1" }).success,
    ).toBe(true);
  });
  it("reset carries the user and token", () => {
    const valid = {
      userid: "u1",
      resetToken: "t",
      newPassword: "Good-pass-1",
      confirmNewPassword: "Good-pass-1",
    };
    expect(ResetPasswordSchema.safeParse(valid).success).toBe(true);
    expect(messages(ResetPasswordSchema.safeParse({ ...valid, confirmNewPassword: "x" }))).toEqual({
      confirmNewPassword: ["Passwords do not match"],
    });
  });
  it("change password refuses reusing the current one", () => {
    const same = { oldPassword: "Good-pass-1", password: "Good-pass-1", confirmPassword: "Good-pass-1" };
    expect(messages(ChangePasswordSchema.safeParse(same))).toEqual({
      password: ["New password must differ from the current one"],
    });
  });
});

describe("PhoneSchema", () => {
  it("stores one form of the number and needs at least 10 digits", () => {
    expect(PhoneSchema.parse(" 0803 123 4567 ")).toBe("08031234567");
    expect(PhoneSchema.parse("+234 803 123 4567")).toBe("08031234567");
    const short = PhoneSchema.safeParse("0803 12");
    expect(short.success ? [] : short.error.issues.map((issue) => issue.message)).toContain(
      "Phone number must be at least 10 digits",
    );
  });
  it("refuses letters, script and over-long numbers", () => {
    expect(PhoneSchema.safeParse("0803abc4567").success).toBe(false);
    const script = PhoneSchema.safeParse("abc<script>");
    expect(script.success ? [] : script.error.issues.map((issue) => issue.message)).toEqual([
      "Invalid phone number",
    ]);
    expect(PhoneSchema.safeParse("1".repeat(21)).success).toBe(false);
  });
});

describe("staff schemas", () => {
  const valid = {
    email: "ada@example.com",
    firstname: "Ada",
    lastname: "Obi",
    phone: "0803 123 4567",
    role: "role-id",
    location: "Lagos",
  };
  it("accepts a complete new user and normalises the phone", () => {
    expect(AddUserSchema.parse(valid).phone).toBe("08031234567");
  });
  it("names every missing field", () => {
    expect(Object.keys(messages(AddUserSchema.safeParse({})))).toEqual(
      expect.arrayContaining(["email", "firstname", "lastname", "phone", "role", "location"]),
    );
    expect(messages(AddUserSchema.safeParse({ ...valid, phone: "12345" })).phone).toEqual([
      "Phone number must be at least 10 digits",
    ]);
    expect(messages(AddUserSchema.safeParse({ ...valid, email: "x" })).email).toEqual([
      "Invalid email format",
    ]);
  });
  it("profile fields are optional and trimmed; only admins may send isBlocked", () => {
    expect(ProfileSchema.parse({ firstname: "  Ada " })).toEqual({ firstname: "Ada" });
    expect(ProfileSchema.parse({ isBlocked: true })).toEqual({});
    expect(UpdateUserSchema.parse({ isBlocked: true })).toEqual({ isBlocked: true });
  });
});

describe("PaginationSchema", () => {
  it("defaults to page 1 of 20", () => {
    expect(PaginationSchema.parse({})).toEqual({ page: 1, limit: 20 });
  });
  it("refuses page 0 and limits over 100 instead of clamping", () => {
    expect(PaginationSchema.safeParse({ page: "0" }).success).toBe(false);
    expect(PaginationSchema.safeParse({ limit: "101" }).success).toBe(false);
    expect(PaginationSchema.safeParse({ page: "abc" }).success).toBe(false);
    expect(PaginationSchema.parse({ page: "3", limit: "100", search: "  ada " })).toEqual({
      page: 3,
      limit: 100,
      search: "ada",
    });
  });
});
