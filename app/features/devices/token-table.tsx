import { MESSAGE_CHANNEL_LABELS } from "#backend/constants/message-status";
import { MessageStatusPill } from "~/features/messages/message-status";
import type { TokenMessage } from "~/features/messages/message-status";
import type { TokenRecord } from "#backend/schemas/token-records";
import { TOKEN_KIND_LABELS } from "~/features/sales/sale-labels";
import { formatDate, formatNumber, formatTime } from "~/utils/format";

export function TokenTable({
  tokens,
  caption,
  highlight,
  messages,
}: {
  tokens: TokenRecord[];
  caption: string;
  highlight?: string | null;
  /** The message that carried each token to the customer (the sale page, for who reads messages). */
  messages?: Record<string, TokenMessage> | null;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 text-xs uppercase text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-4">
              Token
            </th>
            <th scope="col" className="py-2 pr-4">
              Kind
            </th>
            <th scope="col" className="py-2 pr-4">
              Days
            </th>
            <th scope="col" className="py-2 pr-4">
              Issued
            </th>
            <th scope="col" className="py-2 pr-4">
              By
            </th>
            {messages ? (
              <th scope="col" className="py-2">
                Sent to customer
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {tokens.map((token) => (
            <tr
              key={token.id}
              className={`border-b border-slate-100 ${token.id === highlight ? "bg-amber-50" : ""}`}
            >
              <td className="py-2 pr-4 font-mono">
                {token.token}
                {token.id === highlight ? (
                  <span className="ml-2 font-sans text-xs font-semibold text-amber-900">New</span>
                ) : null}
              </td>
              <td className="py-2 pr-4">{TOKEN_KIND_LABELS[token.kind]}</td>
              <td className="py-2 pr-4">{token.days === null ? "For good" : formatNumber(token.days)}</td>
              <td className="py-2 pr-4">
                {formatDate(token.createdAt)} {formatTime(token.createdAt)}
              </td>
              <td className="py-2 pr-4">{token.issuedBy?.name ?? (token.paymentId ? "Payment" : "")}</td>
              {messages ? (
                <td className="py-2">
                  <TokenMessageState message={messages[token.id]} />
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function TokenMessageState({ message }: { message: TokenMessage | undefined }) {
  if (!message) return <span className="text-slate-600">No message</span>;
  return (
    <span className="flex flex-col gap-0.5">
      <span>
        <MessageStatusPill status={message.status} />{" "}
        <span className="text-xs text-slate-600">
          {MESSAGE_CHANNEL_LABELS[message.channel]} {message.recipient}
        </span>
      </span>
      {message.error ? <span className="text-xs text-red-800">{message.error}</span> : null}
    </span>
  );
}
