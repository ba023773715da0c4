import { useFormAction, useNavigation } from "@remix-run/react";

/** Scoped to this form: the page-wide navigation state would make every button look busy. */
export function useIsPending({ formAction, intent }: { formAction?: string; intent?: string } = {}) {
  const navigation = useNavigation();
  const ownAction = useFormAction(formAction);
  if (navigation.state === "idle" || navigation.formMethod?.toUpperCase() !== "POST") return false;
  const pathOf = (href: string) => new URL(href, "http://same.site").pathname;
  if (!navigation.formAction || pathOf(navigation.formAction) !== pathOf(ownAction)) return false;
  return intent === undefined || navigation.formData?.get("intent") === intent;
}
