//! A path pattern split into segments, each a literal or a parameter, matched against a path
//! split the same way. Shared by the API's guards and methods (`guards`, OpenAPI's `{id}`) and
//! the app's page routes (`app_routes`, react-router's `:id`).

/// A pattern's segments: `Some(literal)` or `None` for a parameter.
#[derive(Debug)]
pub struct PathTemplate(Vec<Option<String>>);

impl PathTemplate {
    /// The template of `segments`, where `is_param` tells a parameter from a literal.
    pub fn new<'a>(
        segments: impl Iterator<Item = &'a str>,
        is_param: impl Fn(&str) -> bool,
    ) -> Self {
        PathTemplate(
            segments
                .map(|s| (!is_param(s)).then(|| s.to_owned()))
                .collect(),
        )
    }

    /// How well `path` fits: `None` when it does not, else the number of literal segments
    /// (so `/api/shows/types` prefers its own template to `/api/shows/{id}`).
    #[must_use]
    pub fn fit(&self, path: &[&str]) -> Option<usize> {
        if path.len() != self.0.len() {
            return None;
        }
        let mut literal = 0;
        for (want, got) in self.0.iter().zip(path) {
            match want {
                Some(text) if text == got => literal += 1,
                Some(_) => return None,
                None => {}
            }
        }
        Some(literal)
    }

    /// The value of the last parameter in `path` (which fits), if the template has one.
    #[must_use]
    pub fn last_param<'p>(&self, path: &[&'p str]) -> Option<&'p str> {
        let at = self.0.iter().rposition(Option::is_none)?;
        path.get(at).copied()
    }
}
