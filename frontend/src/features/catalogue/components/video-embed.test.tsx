import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VideoEmbed } from './video-embed';

describe('VideoEmbed', () => {
  it('shows a still with a play button and a link, and loads the player only when play is pressed', async () => {
    const { container } = render(<VideoEmbed url="https://www.youtube.com/watch?v=ruy4a0HL322" title="Big Show" still="/images/x.svg" />);
    expect(container.querySelector('iframe')).toBeNull();
    expect(container.querySelector('img')).toHaveAttribute('src', '/images/x.svg');
    expect(screen.getByRole('link', { name: 'Watch the video of Big Show' })).toHaveAttribute(
      'href',
      'https://www.youtube.com/watch?v=ruy4a0HL322',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Play the video of Big Show' }));
    expect(screen.getByTitle('Video: Big Show')).toHaveAttribute('src', 'https://www.youtube.com/embed/ruy4a0HL322?autoplay=1');
    // The link stays under the player, for a video that cannot load there.
    expect(screen.getByRole('link', { name: 'Watch the video of Big Show' })).toBeInTheDocument();
  });

  it('shows a link that cannot be embedded as a plain web link', () => {
    render(<VideoEmbed url="https://example.com/our-show" title="Big Show" />);
    expect(screen.getByRole('link', { name: 'Watch the video of Big Show' })).toHaveAttribute(
      'href',
      'https://example.com/our-show',
    );
  });

  it('never turns a javascript: or data: URL into a link', () => {
    for (const url of ['javascript:alert(document.cookie)', 'data:text/html,<script>x</script>']) {
      const { container, unmount } = render(<VideoEmbed url={url} title="Big Show" />);
      expect(container.querySelector('a')).toBeNull();
      expect(container.querySelector('iframe')).toBeNull();
      unmount();
    }
  });
});
