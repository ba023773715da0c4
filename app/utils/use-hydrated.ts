import { useEffect, useState } from "react";

/** False on the server and in a browser without JavaScript; true once the page has hydrated. */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
