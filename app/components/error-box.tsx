import type { ErrorContent } from "~/utils/error-catalogue";
import { errorBoxLines } from "~/utils/error-catalogue";

export function ErrorBox({ errors, id }: { errors: ErrorContent; id?: string }) {
  const lines = errorBoxLines(errors);
  if (lines.length === 0) return null;
  return (
    <div
      id={id}
      role="alert"
      className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
    >
      {lines.length === 1 ? (
        <p>{lines[0]}</p>
      ) : (
        <ul className="list-disc pl-5">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
