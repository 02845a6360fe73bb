import { addThemeStyles, loadThemeStyles } from './theme-styles';

it('loads nothing for the default theme, and the themes stylesheet once for another', async () => {
  await expect(loadThemeStyles('light')).resolves.toBeUndefined();
  // Under Jest the token is not replaced by a file: nothing is added, and it settles.
  await expect(loadThemeStyles('dark')).resolves.toBeUndefined();
  expect(addThemeStyles()).toBe(addThemeStyles());
  expect(document.head.querySelector('link')).toBeNull();
});
