import { EventPage } from '../components/event-page';

export default function GenderReveal() {
  return (
    <EventPage title="Gender Reveal" lead="Pink or blue: make the moment unforgettable, and safe.">
      <p>
        Our gender reveal range includes smoke, confetti shooters and aerial cakes in pink and blue. Confetti
        shooters are air compressed and work in daylight; colour smoke is best before sunset.
      </p>
      <h2>Plan it safely</h2>
      <ul>
        <li>Use an open space away from dry grass and trees; reveal smoke can start grass fires.</li>
        <li>Let one sober adult handle and light everything; guests watch from a safe distance.</li>
        <li>Ask your local fire department whether a permit is needed in your area.</li>
      </ul>
    </EventPage>
  );
}
