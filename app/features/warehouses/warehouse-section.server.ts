import type { LoaderFunctionArgs } from "@remix-run/node";
import { sectionLoader } from "~/components/frame/section.server";

export async function warehouseSectionLoader(args: LoaderFunctionArgs) {
  return sectionLoader("warehouses", args);
}
