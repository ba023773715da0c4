import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { ProductCategoryListSchema, ProductListSchema } from "#backend/schemas/products";
import { apiReadOrFailure } from "~/api.server";
import { PICKER_PAGE_SIZE, readPickerQuery } from "~/features/sale-flow/draft-view";
import { changeDraft, loadDraft, productApi } from "~/features/sale-flow/draft.server";
import { draftPath } from "~/features/sale-flow/paths";
import { productIntent } from "~/features/sale-flow/product-intent";
import { requireUser } from "~/session.server";
import { readFormData } from "~/utils/forms.server";
import { listFailure } from "~/utils/list-messages";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const url = new URL(request.url);
  const { search, page } = readPickerQuery(url.searchParams);
  const [draft, categories] = await Promise.all([
    loadDraft(request, params.draftId),
    apiReadOrFailure(request, "/v1/products/categories/all", ProductCategoryListSchema),
  ]);
  const categoryList = categories.ok ? categories.data : null;
  const wanted = url.searchParams.get("categoryId");
  const category = categoryList?.find((item) => item.id === wanted) ?? categoryList?.[0] ?? null;
  const products = category
    ? await apiReadOrFailure(request, "/v1/products", ProductListSchema, {
        categoryId: category.id,
        search,
        page,
        limit: PICKER_PAGE_SIZE,
      })
    : null;
  return {
    draftId: draft.id,
    search,
    categories: categoryList,
    category,
    products: products?.ok ? products.data : null,
    productsFailed: products ? !products.ok : false,
    units: Object.fromEntries(draft.items.map((item) => [item.productId, item.units])),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireUser(request);
  const draftId = params.draftId ?? "";
  const intent = productIntent(String((await readFormData(request)).get("intent") ?? ""));
  const here = new URL(request.url);
  const refuse = (message: string, status = 400) => data({ message }, { status });
  if (intent.kind === "done") {
    const draft = await loadDraft(request, draftId);
    if (draft.items.length === 0) return refuse("At least one sale item is required");
    return redirect(draftPath(draftId));
  }
  if (intent.kind === "none") return refuse("Choose a product");
  const call =
    intent.kind === "select"
      ? { method: "POST" as const, rest: "/products", body: { productId: intent.productId, units: 1 } }
      : intent.kind === "remove"
        ? { method: "DELETE" as const, rest: productApi(intent.productId) }
        : { method: "PATCH" as const, rest: productApi(intent.productId), body: { units: intent.units } };
  const answer = await changeDraft(request, draftId, call);
  if (!answer.ok) {
    const failure = answer.failure;
    const message =
      Object.values(failure.fieldErrors ?? {})[0]?.[0] ?? failure.message ?? listFailure.products;
    return refuse(message, failure.status === 0 ? 503 : failure.status);
  }
  return redirect(`${here.pathname}${here.search}`);
}
