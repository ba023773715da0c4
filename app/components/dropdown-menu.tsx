import { useDetailsMenu } from "./frame/use-details-menu";

const SUMMARY =
  "flex cursor-pointer list-none items-center rounded-full border border-slate-300 bg-white hover:bg-slate-100 [&::-webkit-details-marker]:hidden";

/**
 * A menu that opens without JavaScript (a <details> element); with JavaScript it also closes on a
 * click outside, after navigating and on Escape.
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
    <details ref={ref} className="relative">
      <summary aria-label={label} className={`${SUMMARY} ${triggerClassName}`}>
        {trigger}
      </summary>
      <div
        className={`absolute right-0 z-40 mt-2 rounded-xl border border-slate-200 bg-white p-2 shadow-xl ${panelClassName}`}
      >
        {children}
      </div>
    </details>
  );
}
