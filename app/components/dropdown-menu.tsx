import { useDetailsMenu } from "./frame/use-details-menu";

const SUMMARY =
  "flex cursor-pointer list-none items-center rounded-full border border-slate-300 bg-white hover:bg-slate-100 [&::-webkit-details-marker]:hidden";

// A <details> element, so it opens without JavaScript. On small screens the details box is not positioned,
// so the panel spans the nearest positioned container instead of running off the edge.
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
