import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { BusinessSettingsRecordSchema } from "#backend/schemas/business";
import { TimelineSchema } from "#backend/schemas/account-actions";
import { SaleRecordSchema } from "#backend/schemas/sales";
import { MessageListSchema } from "#backend/schemas/messages";
import type { MessageRecord } from "#backend/schemas/messages";
import type { TokenMessage } from "~/features/messages/message-status";
import { apiRead, apiReadOrFailure } from "~/api.server";
import { requireUser } from "~/session.server";
import { can, canFlags } from "~/utils/permissions";
import { toSaleWithReturn, verifyPaymentReturn } from "./payment-return.server";

/** Each token's message: the newest that carried it (a resent token's latest message). */
function tokenMessages(messages: MessageRecord[]): Record<string, TokenMessage> {
  const byToken: Record<string, TokenMessage> = {};
  for (const message of [...messages].reverse())
    for (const tokenId of message.tokenIds) {
      const { id, status, error, channel, recipient } = message;
      byToken[tokenId] = { id, status, error, channel, recipient };
    }
  return byToken;
}

/**
 * A receipt's payment must be one of this sale's: any other id is a 404 here. A checkout returns to the
 * sale's page: its return is verified before the sale is read, so the payment is already on the page; a
 * return that names another sale goes to that sale.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const payment = params.paymentId ? null : await verifyPaymentReturn(request);
  if (payment?.saleId && payment.saleId !== params.saleId) throw toSaleWithReturn(request, payment.saleId);
  // A receipt names the business that issued it.
  const saleId = encodeURIComponent(params.saleId ?? "");
  const [sale, business, timeline, messages] = await Promise.all([
    apiRead(request, `/v1/sales/${saleId}`, SaleRecordSchema),
    params.paymentId
      ? apiRead(request, "/v1/sales/business-settings", BusinessSettingsRecordSchema)
      : Promise.resolve(null),
    // The account's contract actions, newest first (empty for a sale paid outright).
    apiRead(request, `/v1/accounts/${saleId}/timeline`, TimelineSchema),
    // The message that carried each token, shown beside it.
    !params.paymentId && can(user, "read:Messages")
      ? apiReadOrFailure(request, "/v1/messages", MessageListSchema, { saleId: params.saleId, limit: 100 })
      : null,
  ]);
  if (params.paymentId && !sale.payments.some((paid) => paid.id === params.paymentId)) {
    throw data(null, { status: 404 });
  }
  return {
    sale,
    events: timeline.events,
    business,
    paymentId: params.paymentId ?? null,
    tokenMessages: messages?.ok ? tokenMessages(messages.data.messages) : null,
    payment,
    can: canFlags(user, {
      pay: "write:Sales",
      manageSales: "manage:Sales",
      manageDevices: "manage:Devices",
      readCustomers: "read:Customers",
      readDevices: "read:Devices",
      readCollections: "read:Collections",
    }),
  };
}
