import { useSyncExternalStore } from 'react';
import { AppLink } from '@/components/app-link';
import { ThemeChooser } from '@/components/theme-chooser';
import { SHOP_LOCATION, SHOP_PHONE, SHOP_PHONE_HREF } from '@/lib/constants';
import { paths } from '@/lib/paths';

const infoLinks = [
  { to: paths.about.getHref(), label: 'About Us' },
  { to: paths.shippingInfo.getHref(), label: 'Shipping Info' },
  { to: paths.contactUs.getHref(), label: 'Contact Us' },
  { to: paths.fireworksSafety.getHref(), label: 'Fireworks Safety' },
  { to: paths.faq.getHref(), label: 'FAQ' },
];

const legalLinks = [
  { to: paths.privacyPolicy.getHref(), label: 'Privacy Policy' },
  { to: paths.cookiePolicy.getHref(), label: 'Cookie Policy' },
  { to: paths.termsOfUse.getHref(), label: 'Terms of Use' },
];

declare const __BUILD_YEAR__: number | undefined;

const noChanges = () => () => {};
const thisYear = () => new Date().getFullYear();
/** The year the build prerendered the home page in (src/app/prerender.tsx). */
const buildYear = () => (typeof __BUILD_YEAR__ === 'number' ? __BUILD_YEAR__ : thisYear());

/**
 * This year. Hydrating the prerendered home page, first the build's year (what the page says), so
 * that React takes the page over without a mismatch; then this year, should they differ.
 */
const useYear = () => useSyncExternalStore(noChanges, thisYear, buildYear);

const headingClass = 'mb-3 text-sm font-bold uppercase tracking-wide';

function LinkColumn({ title, links }: { title: string; links: { to: string; label: string }[] }) {
  return (
    <nav aria-label={title}>
      <h2 className={headingClass}>{title}</h2>
      <ul className="space-y-2">
        {links.map((l) => (
          <li key={l.to}>
            <AppLink to={l.to} className="link link-hover">
              {l.label}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer() {
  const year = useYear();
  return (
    <footer className="mt-auto bg-base-200 text-base-content">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <LinkColumn title="Information" links={infoLinks} />
        <LinkColumn title="Legal" links={legalLinks} />
        <div>
          <h2 className={headingClass}>Customers</h2>
          <ul className="space-y-2">
            {/* Shown without a link, as in the original shop. */}
            <li>Discounts</li>
            <li>Reviews</li>
          </ul>
        </div>
        <div>
          <h2 className={headingClass}>Visit or call</h2>
          <address className="space-y-2 not-italic">
            <p>{SHOP_LOCATION}</p>
            <p>
              <a href={SHOP_PHONE_HREF} className="link link-hover">
                {SHOP_PHONE}
              </a>
            </p>
          </address>
          <ThemeChooser className="mt-4" />
        </div>
      </div>
      <p className="border-t border-base-300 py-4 text-center text-sm">
        © {year} Fireworks Shop. Fireworks are sold only where their use is legal.
      </p>
    </footer>
  );
}
