import { useDetailsMenu } from "./frame/use-details-menu";

const SUMMARY =
  "flex cursor-pointer list-none items-center rounded-full border border-slate-300 bg-white hover:bg-slate-100 [&::-webkit-details-marker]:hidden";

/**
 * A menu that opens without JavaScript (a <details> element); with JavaScript it also closes on a
 * click outside, after navigating and on Escape.
 *
 * Below 640 px the panel does not hang off its button, which may sit anywhere once a toolbar wraps
 * (it ran off the left edge): the details box is not positioned there, so the panel spans the width of
 * the nearest positioned container instead (the header, a drawer, or the page).
 */
export function DropdownMenu({
  label,
  trigger,
  triggerClassName,
  panelClassName = "w-52",
  children,
}: {
  /** The accessible name of the button that opens the menu; it must contain the trigger's visible text. */
  label: string;
  trigger: React.ReactNode;
  triggerClassName: string;
  panelClassName?: string;
  children: React.ReactNode;
}) {
  const ref = useDetailsMenu();
  return (
    <details ref={ref} className="sm:relative">
      <summary aria-label={label} className={`${SUMMARY} ${triggerClassName}`}>
        {trigger}
      </summary>
      <div
        className={`absolute z-40 mt-2 rounded-xl border border-slate-200 bg-white p-2 shadow-xl max-sm:inset-x-2 max-sm:w-auto sm:right-0 ${panelClassName}`}
      >
        {children}
      </div>
    </details>
  );
}
