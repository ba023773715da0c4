import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireUser } from "~/session.server";
import type { SectionKey } from "~/utils/navigation";
import { sectionNav, sideNavRedirect } from "~/utils/navigation";

export async function sectionLoader(section: SectionKey, { request }: LoaderFunctionArgs) {
  await requireUser(request);
  const target = sideNavRedirect(new URL(request.url).pathname, sectionNav(section), section);
  if (target) throw redirect(target);
  return { section };
}

/** A page that reads nothing yet still needs its own guard: a layout's guard does not cover it. */
export async function guardOnlyLoader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}
