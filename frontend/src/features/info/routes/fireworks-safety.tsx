import { Page, Prose } from '@/components/page';

export default function FireworksSafety() {
  return (
    <Page title="Fireworks Safety" lead="A great show is a safe show. Read this before you light anything.">
      <Prose>
        <h2>Before the show</h2>
        <ul>
          <li>Check state and local laws: what is legal, on which days and at what hours.</li>
          <li>Read every label and the instructions printed on each item.</li>
          <li>Choose a flat, open area away from buildings, vehicles, trees and dry grass.</li>
          <li>Keep a hose or a bucket of water and a fire extinguisher at hand.</li>
        </ul>
        <h2>During the show</h2>
        <ul>
          <li>Only sober adults light fireworks. Never let children handle them, sparklers included.</li>
          <li>Light one item at a time, then move away quickly. Never lean over an item.</li>
          <li>Keep spectators at least 150 feet away from aerial items.</li>
          <li>Never relight a dud. Wait 20 minutes, then soak it in water.</li>
          <li>Never aim fireworks at people, animals or buildings, and never hold them in your hand unless the label says so.</li>
        </ul>
        <h2>After the show</h2>
        <ul>
          <li>Soak all spent fireworks in water overnight before putting them in the trash.</li>
          <li>Sparkler wires stay hot for minutes: drop them in a bucket of water.</li>
          <li>Store unused fireworks in a cool, dry place out of the reach of children.</li>
        </ul>
        <p>In an emergency, call 911.</p>
      </Prose>
    </Page>
  );
}
