import { z } from "zod";
import { EmailSchema, IdSchema, NewPasswordSchema, requiredText } from "./fields";

export const LoginSchema = z
  .object({
    email: EmailSchema,
    password: requiredText("Password is required"),
  })
  .strip();
export type LoginInput = z.infer<typeof LoginSchema>;

export const ForgotPasswordSchema = z.object({ email: EmailSchema }).strip();

const passwordsMatch = { message: "Passwords do not match", path: ["confirmPassword"] };

export const CreatePasswordSchema = z
  .object({
    password: NewPasswordSchema,
    confirmPassword: requiredText("Please confirm the password"),
  })
  .strip()
  .refine((value) => value.password === value.confirmPassword, passwordsMatch);

export const ResetPasswordSchema = z
  .object({
    userid: IdSchema,
    resetToken: requiredText("Reset token is required"),
    newPassword: NewPasswordSchema,
    confirmNewPassword: requiredText("Please confirm the password"),
  })
  .strip()
  .refine((value) => value.newPassword === value.confirmNewPassword, {
    message: "Passwords do not match",
    path: ["confirmNewPassword"],
  });

export const ChangePasswordSchema = z
  .object({
    oldPassword: requiredText("Current password is required"),
    password: NewPasswordSchema,
    confirmPassword: requiredText("Please confirm the password"),
  })
  .strip()
  .refine((value) => value.password === value.confirmPassword, passwordsMatch)
  .refine((value) => value.password !== value.oldPassword, {
    message: "New password must differ from the current one",
    path: ["password"],
  });
