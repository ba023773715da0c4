export { loader, action } from "~/features/sign-in.server";
export { SignInScreen as default, meta } from "~/features/sign-in";
