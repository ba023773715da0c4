import { RemixBrowser } from "@remix-run/react";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { PublicEnvContext } from "./components/full-page-error";
import { quietSupersededRequests } from "./utils/quiet-superseded-requests";

quietSupersededRequests(console);

// The server writes its public settings into a meta tag, so error screens read the same values here.
const supportEmail = document.querySelector<HTMLMetaElement>('meta[name="support-email"]')?.content ?? "";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <PublicEnvContext.Provider value={{ supportEmail }}>
        <RemixBrowser />
      </PublicEnvContext.Provider>
    </StrictMode>,
  );
});
