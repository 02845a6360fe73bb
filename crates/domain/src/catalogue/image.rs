//! What the back office accepts as a product image upload: JPEG, PNG or WebP, told apart by
//! their bytes (never by a file name), at most [`MAX_IMAGE_BYTES`]. SVG (a script carrier) and
//! anything else is refused.

/// The largest upload accepted: 5 MB.
pub const MAX_IMAGE_BYTES: usize = 5 * 1024 * 1024;

/// An accepted image format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageKind {
    /// JPEG.
    Jpeg,
    /// PNG.
    Png,
    /// WebP.
    Webp,
}

impl ImageKind {
    /// The file extension.
    #[must_use]
    pub const fn extension(self) -> &'static str {
        match self {
            ImageKind::Jpeg => "jpg",
            ImageKind::Png => "png",
            ImageKind::Webp => "webp",
        }
    }

    /// The media type.
    #[must_use]
    pub const fn media_type(self) -> &'static str {
        match self {
            ImageKind::Jpeg => "image/jpeg",
            ImageKind::Png => "image/png",
            ImageKind::Webp => "image/webp",
        }
    }

    /// The kind of a stored file's extension.
    #[must_use]
    pub fn from_extension(ext: &str) -> Option<ImageKind> {
        match ext {
            "jpg" => Some(ImageKind::Jpeg),
            "png" => Some(ImageKind::Png),
            "webp" => Some(ImageKind::Webp),
            _ => None,
        }
    }
}

/// Why an upload was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ImageError {
    /// Nothing was sent.
    #[error("The image is empty")]
    Empty,
    /// Larger than [`MAX_IMAGE_BYTES`].
    #[error("Images must be at most 5 MB")]
    TooLarge,
    /// Not JPEG, PNG or WebP by its bytes (SVG included).
    #[error("Images must be JPEG, PNG or WebP")]
    Unsupported,
}

/// The format of an upload, by its first bytes.
///
/// # Errors
/// [`ImageError`].
pub fn check_image(bytes: &[u8]) -> Result<ImageKind, ImageError> {
    if bytes.is_empty() {
        return Err(ImageError::Empty);
    }
    if bytes.len() > MAX_IMAGE_BYTES {
        return Err(ImageError::TooLarge);
    }
    if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Ok(ImageKind::Jpeg)
    } else if bytes.starts_with(&[0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A]) {
        Ok(ImageKind::Png)
    } else if bytes.len() >= 12 && &bytes[0..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        Ok(ImageKind::Webp)
    } else {
        Err(ImageError::Unsupported)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_are_told_apart_by_their_bytes() {
        assert_eq!(
            check_image(&[0xFF, 0xD8, 0xFF, 0xE0, 0, 0]),
            Ok(ImageKind::Jpeg)
        );
        assert_eq!(
            check_image(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR"),
            Ok(ImageKind::Png)
        );
        assert_eq!(check_image(b"RIFF\x10\0\0\0WEBPVP8 "), Ok(ImageKind::Webp));
        assert_eq!(
            check_image(b"<svg xmlns=\"http://www.w3.org/2000/svg\"><script/></svg>"),
            Err(ImageError::Unsupported)
        );
        assert_eq!(check_image(b"GIF89a"), Err(ImageError::Unsupported));
        assert_eq!(check_image(b""), Err(ImageError::Empty));
        let mut big = vec![0xFF, 0xD8, 0xFF];
        big.resize(MAX_IMAGE_BYTES + 1, 0);
        assert_eq!(check_image(&big), Err(ImageError::TooLarge));
    }
}
