import { AppLink } from '@/components/app-link';
import { Page } from '@/components/page';
import { paths } from '@/lib/paths';

const events = [
  { to: paths.fourthJuly.getHref(), title: 'Fourth of July', text: 'Finale cakes, shells and complete backyard shows for Independence Day.' },
  { to: paths.newYears.getHref(), title: "New Year's Eve", text: 'Bright, loud and quick to set up for the midnight countdown.' },
  { to: paths.genderReveal.getHref(), title: 'Gender Reveal', text: 'Pink and blue smoke, confetti and reveal cakes for the big moment.' },
];

export default function Events() {
  return (
    <Page title="Events" lead="Fireworks picked for the occasions our customers celebrate most." wide>
      <ul className="grid gap-4 md:grid-cols-3">
        {events.map((e) => (
          <li key={e.to} className="card bg-base-200">
            <div className="card-body">
              <h2 className="card-title">
                <AppLink to={e.to} className="link link-hover">
                  {e.title}
                </AppLink>
              </h2>
              <p>{e.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </Page>
  );
}
