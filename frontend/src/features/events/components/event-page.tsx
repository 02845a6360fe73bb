import type { ReactNode } from 'react';
import { AppLink } from '@/components/app-link';
import { Page, Prose } from '@/components/page';
import { FIRST_PAGE, paths } from '@/lib/paths';

export function EventPage({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  return (
    <Page title={title} lead={lead}>
      <Prose>{children}</Prose>
      <div className="mt-8 flex flex-wrap gap-3">
        <AppLink to={paths.shows.getHref(FIRST_PAGE)} className="btn btn-primary">
          Browse shows
        </AppLink>
        <AppLink to={paths.products.getHref(FIRST_PAGE)} className="btn btn-outline">
          Browse fireworks
        </AppLink>
        <AppLink to={paths.events.getHref()} className="btn btn-ghost">
          All events
        </AppLink>
      </div>
    </Page>
  );
}
