import { safeWebLink, toEmbedUrl } from './video';

describe('toEmbedUrl', () => {
  it.each([
    ['https://www.youtube.com/watch?v=ruy4a0HL322', 'https://www.youtube.com/embed/ruy4a0HL322'],
    ['https://youtube.com/watch?v=ruy4a0HL322&t=42s', 'https://www.youtube.com/embed/ruy4a0HL322'],
    ['http://m.youtube.com/watch?v=abcdefghijk', 'https://www.youtube.com/embed/abcdefghijk'],
    ['https://youtu.be/abcdefghijk', 'https://www.youtube.com/embed/abcdefghijk'],
    ['https://youtu.be/abcdefghijk?si=xyz', 'https://www.youtube.com/embed/abcdefghijk'],
    ['https://www.youtube.com/shorts/abcdefghijk', 'https://www.youtube.com/embed/abcdefghijk'],
    ['https://www.youtube.com/embed/abcdefghijk', 'https://www.youtube.com/embed/abcdefghijk'],
    ['https://vimeo.com/123456', 'https://player.vimeo.com/video/123456'],
  ])('converts %s', (link, embed) => {
    expect(toEmbedUrl(link)).toBe(embed);
  });

  const notEmbeddable = [null, undefined, '', 'not a url', 'javascript:alert(1)', 'https://example.com/video.mp4', 'https://www.youtube.com/watch', 'https://www.youtube.com/watch?v=<script>'];
  it('gives null for anything else', () => {
    for (const link of notEmbeddable) expect(toEmbedUrl(link)).toBeNull();
  });
});

describe('safeWebLink', () => {
  it('keeps http and https links', () => {
    expect(safeWebLink('https://example.com/show')).toBe('https://example.com/show');
    expect(safeWebLink(' http://example.com ')).toBe('http://example.com/');
  });

  it('refuses every other scheme and anything that is not a URL', () => {
    for (const bad of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,<b>x</b>', 'vbscript:x', 'not a url', '', null, undefined]) {
      expect(safeWebLink(bad)).toBeNull();
    }
  });
});
