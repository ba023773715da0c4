import { SectionIcon } from "~/components/section-icon";

export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: React.ReactNode;
}) {
  return (
    <main className="grid min-h-screen lg:grid-cols-2">
      {/* axe cannot measure text over a gradient: every stop keeps white text above 4.5:1. */}
      <section className="hidden flex-col justify-between bg-gradient-to-br from-brand-600 via-amber-700 to-amber-800 p-12 text-white lg:flex">
        <div className="flex items-center gap-2 text-xl font-bold">
          <span className="flex h-9 w-9 items-center justify-center rounded-lg bg-white/20">
            <SectionIcon name="devices" className="h-5 w-5" />
          </span>
          SolarDesk
        </div>
        <div>
          <p className="text-3xl font-semibold leading-tight">
            Solar home systems, energy-as-a-service and rooftop solar.
          </p>
          <p className="mt-3 text-white">
            Sales, payments, customers, agents and stock in one staff back office.
          </p>
        </div>
      </section>
      <section className="flex items-center justify-center px-6 py-12">
        <div className="w-full max-w-sm">
          <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
          {subtitle ? <p className="mt-1 text-sm text-slate-600">{subtitle}</p> : null}
          <div className="mt-8">{children}</div>
        </div>
      </section>
    </main>
  );
}
