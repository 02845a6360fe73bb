import { EventPage } from '../components/event-page';

export default function FourthJuly() {
  return (
    <EventPage title="Fourth of July" lead="Everything for an Independence Day show your street will talk about.">
      <p>
        The Fourth is our busiest week of the year. Order early: fireworks ship as hazardous freight and carriers
        need several business days, more in late June.
      </p>
      <h2>Building a backyard show</h2>
      <ul>
        <li>Open with fountains and smaller 200 gram cakes while the sky is still getting dark.</li>
        <li>Build with 500 gram cakes and artillery shells, alternating colours and effects.</li>
        <li>Finish with a finale cake or a ready-made show box so the last minute is the loudest.</li>
      </ul>
      <p>Check your city and county rules before the holiday: many allow fireworks only on set days and hours.</p>
    </EventPage>
  );
}
