const ACCEPT = ".png,.jpg,.jpeg,.svg,image/png,image/jpeg,image/svg+xml";

/** A browser never keeps a chosen file across a server round trip, so `chooseAgain` asks for it again. */
export function ImageField({
  label,
  field,
  chooseAgain,
  hint = "PNG, JPEG or SVG, at most 5 MB.",
}: {
  label: string;
  field: { id: string; name: string; errors?: string[]; errorId: string };
  chooseAgain?: boolean;
  hint?: string;
}) {
  const hasErrors = Boolean(field.errors?.length);
  const noteId = `${field.id}-note`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={field.id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={field.id}
        name={field.name}
        type="file"
        accept={ACCEPT}
        aria-invalid={hasErrors || undefined}
        aria-describedby={[hasErrors ? field.errorId : null, noteId].filter(Boolean).join(" ")}
        className="rounded-lg border border-slate-300 px-3 py-2 text-sm file:mr-3 file:rounded-full file:border-0 file:bg-slate-100 file:px-3 file:py-1"
      />
      <p id={noteId} className={`text-xs ${chooseAgain ? "font-medium text-amber-800" : "text-slate-600"}`}>
        {chooseAgain
          ? "Choose the image again: a browser does not keep a chosen file when the form comes back."
          : hint}
      </p>
      <div id={field.errorId} className="min-h-[1rem] text-xs text-red-700">
        {field.errors?.map((message) => (
          <p key={message}>{message}</p>
        ))}
      </div>
    </div>
  );
}
