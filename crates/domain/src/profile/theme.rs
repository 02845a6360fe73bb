//! Colour themes.

use serde::Serialize;

use super::errors::FieldError;

/// The 35 colour themes the shop knows (storefront.md §9); `light` is the default.
pub const THEMES: [&str; 35] = [
    "light",
    "dark",
    "cupcake",
    "bumblebee",
    "emerald",
    "corporate",
    "synthwave",
    "retro",
    "cyberpunk",
    "valentine",
    "halloween",
    "garden",
    "forest",
    "aqua",
    "lofi",
    "pastel",
    "fantasy",
    "wireframe",
    "black",
    "luxury",
    "dracula",
    "cmyk",
    "autumn",
    "business",
    "acid",
    "lemonade",
    "night",
    "coffee",
    "winter",
    "dim",
    "nord",
    "sunset",
    "caramellatte",
    "abyss",
    "silk",
];

/// One of [`THEMES`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(transparent)]
pub struct Theme(&'static str);

impl Theme {
    /// The default theme, `light`.
    pub const DEFAULT: Theme = Theme("light");

    /// One of the 35 theme names (exact spelling, blanks around ignored).
    ///
    /// # Errors
    /// [`FieldError::ThemeInvalid`] for any other name.
    pub fn parse(text: &str) -> Result<Theme, FieldError> {
        let text = text.trim();
        THEMES
            .into_iter()
            .find(|name| *name == text)
            .map(Theme)
            .ok_or(FieldError::ThemeInvalid)
    }

    /// The theme's name.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        self.0
    }
}

impl Default for Theme {
    fn default() -> Self {
        Theme::DEFAULT
    }
}
