import { useEffect, type ReactNode } from 'react';

/** A page body: sets the document title and renders the one h1 of the page. */
export function Page({
  title,
  heading = title,
  lead,
  children,
  wide = false,
}: {
  title: string;
  heading?: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
  wide?: boolean;
}) {
  useEffect(() => {
    document.title = `${title} | Fireworks Shop`;
  }, [title]);
  return (
    <div className={`mx-auto w-full px-4 py-8 ${wide ? 'max-w-6xl' : 'max-w-3xl'}`}>
      <h1 className="text-3xl font-bold tracking-tight">{heading}</h1>
      {lead && <p className="mt-3 text-lg text-base-content/80">{lead}</p>}
      <div className="mt-6">{children}</div>
    </div>
  );
}

/** Long-form text with consistent spacing for information pages. */
export function Prose({ children }: { children: ReactNode }) {
  return (
    <div className="space-y-4 leading-relaxed [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-semibold [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:space-y-1 [&_ol]:pl-6 [&_a]:link [&_a]:link-primary">
      {children}
    </div>
  );
}
