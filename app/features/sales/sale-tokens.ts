import type { SaleRecord } from "#backend/schemas/sales";

// Apart from the sale page's action links and timeline (account-timeline.tsx): an action's page needs this
// and not them.

type SaleDevice = SaleRecord["items"][number]["devices"][number];
type Token = SaleDevice["tokens"][number];

/** The sale's devices that take tokens, and its latest token (what "resend" sends). */
export function saleTokens(sale: Pick<SaleRecord, "items">) {
  const devices = sale.items.flatMap((item) => item.devices).filter((device) => device.isTokenable);
  const latest = devices
    .flatMap((device) => device.tokens)
    .reduce<Token | null>(
      (newest, token) =>
        !newest ||
        token.createdAt > newest.createdAt ||
        (token.createdAt === newest.createdAt && token.count > newest.count)
          ? token
          : newest,
      null,
    );
  return { devices, latest };
}
