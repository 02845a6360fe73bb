import { render, screen } from '@testing-library/react';
import { VideoEmbed } from './video-embed';

describe('VideoEmbed', () => {
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
