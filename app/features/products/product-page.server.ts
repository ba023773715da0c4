import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ProductRecordSchema } from "#backend/schemas/products";
import { apiRead } from "~/api.server";
import { productEditorData, saveProduct } from "~/features/products/product-editor.server";
import { requireUser } from "~/session.server";
import { readFormData } from "~/utils/forms.server";
import { canFlags } from "~/utils/permissions";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = encodeURIComponent(params.productId ?? "");
  const flags = canFlags(user, { write: "write:Products" });
  const editing = flags.write && new URL(request.url).searchParams.get("mode") === "edit";
  const [product, editor] = await Promise.all([
    apiRead(request, `/v1/products/${id}`, ProductRecordSchema),
    editing ? productEditorData(request) : null,
  ]);
  return { product, can: flags, editing, editor };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireUser(request);
  const productId = params.productId ?? "";
  return saveProduct(request, await readFormData(request), {
    productId,
    redirectTo: `/products/${encodeURIComponent(productId)}`,
  });
}
