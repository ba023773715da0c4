import { useFormAction, useNavigation } from "@remix-run/react";

/**
 * Whether this form's own submission is under way (Epic Stack's useIsPending): the page-wide navigation
 * state would make every button on a page look busy when any of its forms is sent.
 */
export function useIsPending({ formAction, intent }: { formAction?: string; intent?: string } = {}) {
  const navigation = useNavigation();
  const ownAction = useFormAction(formAction);
  if (navigation.state === "idle" || navigation.formMethod?.toUpperCase() !== "POST") return false;
  const pathOf = (href: string) => new URL(href, "http://same.site").pathname;
  if (!navigation.formAction || pathOf(navigation.formAction) !== pathOf(ownAction)) return false;
  return intent === undefined || navigation.formData?.get("intent") === intent;
}
