import { EventPage } from '../components/event-page';

export default function NewYears() {
  return (
    <EventPage title="New Year's Eve" lead="Ring in the new year with a countdown finale.">
      <p>
        Winter shows are short and cold, so pick fewer, bigger items: a few multi-shot cakes fired one after
        another at midnight beat a long line of small items.
      </p>
      <h2>Cold-weather tips</h2>
      <ul>
        <li>Store fireworks somewhere dry; frost and snow melt make fuses unreliable.</li>
        <li>Set cakes on a flat board on top of snow so they cannot tip over.</li>
        <li>Keep a bucket of water or a hose ready even in winter.</li>
      </ul>
    </EventPage>
  );
}
