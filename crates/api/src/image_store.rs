//! Where uploaded product images live (issue 36): an adapter over the `object_store` crate, so
//! that every node of a shop sees the same pictures. By default a folder on this node's disk,
//! `SHOP_DATA_DIR/uploads`, with the file names a shop has always had there; with
//! `SHOP_OBJECT_STORE_URL=s3://bucket/prefix`, that bucket (endpoint, keys and region from the
//! standard `AWS_*` variables; path-style requests unless `AWS_VIRTUAL_HOSTED_STYLE_REQUEST`
//! says otherwise). `SHOP_IMAGES_PUBLIC_URL` names where browsers may fetch the pictures
//! themselves (a CDN or the bucket's public address); `/uploads/{name}` then redirects there.
//!
//! The store knows names and bytes only: the upload route checks the picture, names it by its
//! content and checks a requested name before asking the store anything.

use std::path::Path as FsPath;
use std::sync::Arc;

use actix_web::web::Bytes;
use object_store::local::LocalFileSystem;
use object_store::path::Path;
use object_store::{ObjectStore, ObjectStoreExt as _, PutPayload};

/// The setting that chooses the store.
pub const STORE_URL_SETTING: &str = "SHOP_OBJECT_STORE_URL";
/// The setting that sends browsers elsewhere for the pictures.
pub const PUBLIC_URL_SETTING: &str = "SHOP_IMAGES_PUBLIC_URL";

/// The cache lifetime of an image (a year: its name changes with its content).
pub const IMAGE_MAX_AGE: u32 = 31_536_000;

/// Where the images are kept (`SHOP_OBJECT_STORE_URL`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ImageLocation {
    /// `SHOP_DATA_DIR/uploads` on this node's disk (the default; one node only).
    Folder,
    /// An S3 bucket (or an S3-compatible service), under a prefix (empty for the bucket's
    /// root).
    S3 {
        /// The bucket's name.
        bucket: String,
        /// The folder inside it, without slashes at either end.
        prefix: String,
    },
}

/// The image storage settings.
#[derive(Debug, Clone)]
pub struct ImageSettings {
    /// `SHOP_OBJECT_STORE_URL`: the folder (unset) or `s3://bucket/prefix`.
    pub location: ImageLocation,
    /// With S3: options set over what the `AWS_*` variables say, as object_store's
    /// `AmazonS3ConfigKey` names them (`aws_endpoint`, `aws_access_key_id`, `aws_allow_http`,
    /// ...). Empty when read from the environment, where those variables say it all; the
    /// tests point their shops at the emulator here.
    pub s3_options: Vec<(String, String)>,
    /// `SHOP_IMAGES_PUBLIC_URL` without its trailing `/`: where browsers fetch `{name}`
    /// themselves. Unset (the default), the shop serves the images.
    pub public_url: Option<String>,
}

impl Default for ImageSettings {
    /// The folder on this node's disk, served by the shop.
    fn default() -> Self {
        ImageSettings {
            location: ImageLocation::Folder,
            s3_options: Vec::new(),
            public_url: None,
        }
    }
}

/// A storage setting that could not be read.
#[derive(Debug, thiserror::Error)]
#[error("invalid setting {name}: {reason}")]
pub struct ImageSettingsError {
    /// The setting.
    pub name: &'static str,
    /// What is wrong with it.
    pub reason: String,
}

impl ImageSettings {
    /// Reads `SHOP_OBJECT_STORE_URL` and `SHOP_IMAGES_PUBLIC_URL` through `var`.
    ///
    /// # Errors
    /// [`ImageSettingsError`] naming the setting that is wrong, and why.
    pub fn read(var: impl Fn(&str) -> Option<String>) -> Result<Self, ImageSettingsError> {
        let location = match var(STORE_URL_SETTING) {
            None => ImageLocation::Folder,
            Some(url) => parse_store_url(url.trim()).map_err(|reason| ImageSettingsError {
                name: STORE_URL_SETTING,
                reason,
            })?,
        };
        #[cfg(not(feature = "s3"))]
        if location != ImageLocation::Folder {
            return Err(ImageSettingsError {
                name: STORE_URL_SETTING,
                reason: NO_S3.to_owned(),
            });
        }
        let public_url = var(PUBLIC_URL_SETTING)
            .map(|url| parse_public_url(url.trim()))
            .transpose()
            .map_err(|reason| ImageSettingsError {
                name: PUBLIC_URL_SETTING,
                reason,
            })?;
        Ok(ImageSettings {
            location,
            s3_options: Vec::new(),
            public_url,
        })
    }
}

/// `s3://bucket/prefix`: a bucket name as S3 allows it, and a prefix of plain path segments.
fn parse_store_url(text: &str) -> Result<ImageLocation, String> {
    const SHAPE: &str = "expected s3://bucket or s3://bucket/prefix";
    let url = url::Url::parse(text).map_err(|e| format!("{e}: {SHAPE}"))?;
    if url.scheme() != "s3" {
        return Err(format!(
            "the scheme {:?} is not supported: {SHAPE}",
            url.scheme()
        ));
    }
    if !url.username().is_empty() || url.password().is_some() || url.port().is_some() {
        return Err(format!(
            "no user, password or port in the address (the keys come from AWS_ACCESS_KEY_ID and \
             AWS_SECRET_ACCESS_KEY, the service from AWS_ENDPOINT_URL): {SHAPE}"
        ));
    }
    if url.query().is_some() || url.fragment().is_some() {
        return Err(format!("no query or fragment: {SHAPE}"));
    }
    let bucket = url.host_str().unwrap_or_default().to_owned();
    let valid_bucket = (3..=63).contains(&bucket.len())
        && bucket
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'.' || b == b'-')
        && bucket.starts_with(|c: char| c.is_ascii_alphanumeric())
        && bucket.ends_with(|c: char| c.is_ascii_alphanumeric());
    if !valid_bucket {
        return Err(format!(
            "{bucket:?} is not a bucket name (3 to 63 lowercase letters, digits, dots and \
             hyphens): {SHAPE}"
        ));
    }
    let prefix = url.path().trim_matches('/').to_owned();
    let valid_prefix = prefix.is_empty()
        || prefix.split('/').all(|segment| {
            !segment.is_empty()
                && segment != "."
                && segment != ".."
                && segment
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b))
        });
    if !valid_prefix {
        return Err(format!(
            "the prefix {prefix:?} must be folder names of letters, digits, '-', '_' and '.': \
             {SHAPE}"
        ));
    }
    Ok(ImageLocation::S3 { bucket, prefix })
}

/// An `http(s)://` address without query or fragment; its trailing `/` dropped.
fn parse_public_url(text: &str) -> Result<String, String> {
    const SHAPE: &str =
        "expected an http:// or https:// address, such as https://cdn.example.com/uploads";
    let url = url::Url::parse(text).map_err(|e| format!("{e}: {SHAPE}"))?;
    if !matches!(url.scheme(), "http" | "https") || url.host_str().is_none() {
        return Err(SHAPE.to_owned());
    }
    if url.query().is_some() || url.fragment().is_some() {
        return Err(format!("no query or fragment: {SHAPE}"));
    }
    Ok(text.trim_end_matches('/').to_owned())
}

/// Why an `s3://` address is refused by a build without the `s3` feature.
const NO_S3: &str = "this build has no S3 support (it was built without the `s3` feature, as \
                     `make run` builds); build with the default features (`make release`) or \
                     leave it unset";

/// The store could not be opened or answered with an error.
#[derive(Debug, thiserror::Error)]
pub enum ImageStoreError {
    /// The local folder could not be created.
    #[error("cannot create the image folder {path}: {source}")]
    Folder {
        /// The folder.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// This build was made without S3 (`--no-default-features`, as `make run` builds).
    #[error("invalid setting {STORE_URL_SETTING}: {NO_S3}")]
    NoS3,
    /// object_store refused the bucket's settings (the `AWS_*` variables' values).
    #[error(
        "cannot open the image store of {STORE_URL_SETTING} (see also the AWS_* settings): \
         {0}"
    )]
    Open(#[source] object_store::Error),
    /// The store failed to answer.
    #[error("image store: {0}")]
    Store(#[from] object_store::Error),
}

/// The shop's images: an object store and, optionally, the address browsers fetch them from.
#[derive(Debug)]
pub struct ImageStore {
    objects: Arc<dyn ObjectStore>,
    /// A bucket keeps each object's media type and cache lifetime (what a public URL serves);
    /// the local folder cannot.
    keeps_headers: bool,
    public_url: Option<String>,
}

impl ImageStore {
    /// Opens the store `settings` choose (the folder `data_dir/uploads` by default, created
    /// when missing). Nothing is sent over the network yet.
    ///
    /// # Errors
    /// [`ImageStoreError`]: a folder that cannot be created, S3 settings object_store
    /// refuses, or S3 asked of a build without it.
    pub fn open(settings: &ImageSettings, data_dir: &FsPath) -> Result<Self, ImageStoreError> {
        let (objects, keeps_headers): (Arc<dyn ObjectStore>, bool) = match &settings.location {
            ImageLocation::Folder => (Arc::new(open_folder(data_dir)?), false),
            ImageLocation::S3 { bucket, prefix } => {
                (open_s3(bucket, prefix, &settings.s3_options)?, true)
            }
        };
        Ok(ImageStore {
            objects,
            keeps_headers,
            public_url: settings.public_url.clone(),
        })
    }

    /// Keeps `bytes` as `name` unless an object of that name is there already (names are
    /// content hashes: the same picture twice is one object). Two nodes storing the same new
    /// picture at once write the same bytes; either write wins.
    ///
    /// # Errors
    /// [`ImageStoreError::Store`] when the store fails.
    pub async fn keep(
        &self,
        name: &str,
        media_type: &str,
        bytes: Vec<u8>,
    ) -> Result<(), ImageStoreError> {
        let location = Path::from(name);
        match self.objects.head(&location).await {
            Ok(_) => return Ok(()),
            Err(object_store::Error::NotFound { .. }) => {}
            Err(e) => return Err(e.into()),
        }
        let payload = PutPayload::from(bytes);
        if self.keeps_headers {
            use object_store::{Attribute, Attributes, PutOptions};
            let mut attributes = Attributes::new();
            attributes.insert(Attribute::ContentType, media_type.to_owned().into());
            attributes.insert(
                Attribute::CacheControl,
                format!("public, max-age={IMAGE_MAX_AGE}, immutable").into(),
            );
            let options = PutOptions {
                attributes,
                ..PutOptions::default()
            };
            self.objects.put_opts(&location, payload, options).await?;
        } else {
            // The folder writes a staged file and renames it: a reader never sees half a file.
            self.objects.put(&location, payload).await?;
        }
        Ok(())
    }

    /// The bytes of `name`, `None` when there is no such object.
    ///
    /// # Errors
    /// [`ImageStoreError::Store`] when the store fails.
    pub async fn read(&self, name: &str) -> Result<Option<Bytes>, ImageStoreError> {
        match self.objects.get(&Path::from(name)).await {
            Ok(found) => Ok(Some(found.bytes().await?)),
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(e) => Err(e.into()),
        }
    }

    /// Where browsers fetch `name` themselves (`SHOP_IMAGES_PUBLIC_URL`), if anywhere.
    #[must_use]
    pub fn public_address(&self, name: &str) -> Option<String> {
        self.public_url
            .as_ref()
            .map(|base| format!("{base}/{name}"))
    }
}

/// `data_dir/uploads`, created when missing (the data folder itself 0700, as the shop makes it
/// elsewhere).
fn open_folder(data_dir: &FsPath) -> Result<LocalFileSystem, ImageStoreError> {
    let folder = data_dir.join("uploads");
    let failed = |source| ImageStoreError::Folder {
        path: folder.display().to_string(),
        source,
    };
    crate::config::create_private_dir(data_dir).map_err(failed)?;
    std::fs::create_dir_all(&folder).map_err(failed)?;
    Ok(LocalFileSystem::new_with_prefix(&folder)?)
}

#[cfg(feature = "s3")]
fn open_s3(
    bucket: &str,
    prefix: &str,
    options: &[(String, String)],
) -> Result<Arc<dyn ObjectStore>, ImageStoreError> {
    use object_store::aws::{AmazonS3Builder, AmazonS3ConfigKey};
    use object_store::prefix::PrefixStore;

    let mut builder = AmazonS3Builder::from_env();
    for (key, value) in options {
        let key: AmazonS3ConfigKey = key.parse().map_err(ImageStoreError::Open)?;
        builder = builder.with_config(key, value);
    }
    let s3 = builder
        .with_bucket_name(bucket)
        .build()
        .map_err(ImageStoreError::Open)?;
    Ok(if prefix.is_empty() {
        Arc::new(s3)
    } else {
        Arc::new(PrefixStore::new(s3, prefix))
    })
}

#[cfg(not(feature = "s3"))]
fn open_s3(
    _bucket: &str,
    _prefix: &str,
    _options: &[(String, String)],
) -> Result<Arc<dyn ObjectStore>, ImageStoreError> {
    Err(ImageStoreError::NoS3)
}

#[cfg(test)]
mod tests {
    use super::{ImageLocation, ImageSettings, PUBLIC_URL_SETTING, STORE_URL_SETTING};

    fn read(store: &str, public: &str) -> Result<ImageSettings, String> {
        ImageSettings::read(|name| match name {
            STORE_URL_SETTING if !store.is_empty() => Some(store.to_owned()),
            PUBLIC_URL_SETTING if !public.is_empty() => Some(public.to_owned()),
            _ => None,
        })
        .map_err(|e| e.to_string())
    }

    #[test]
    fn unset_the_images_stay_in_the_data_folder_served_by_the_shop() {
        let settings = read("", "").expect("settings");
        assert_eq!(settings.location, ImageLocation::Folder);
        assert_eq!(settings.public_url, None);
    }

    #[test]
    fn an_s3_address_names_the_bucket_and_the_prefix() {
        for (url, bucket, prefix) in [
            ("s3://shop-images", "shop-images", ""),
            ("s3://shop-images/", "shop-images", ""),
            (
                "s3://shop.images/prod/uploads/",
                "shop.images",
                "prod/uploads",
            ),
        ] {
            assert_eq!(
                read(url, "").expect(url).location,
                ImageLocation::S3 {
                    bucket: bucket.into(),
                    prefix: prefix.into()
                },
                "{url}"
            );
        }
    }

    #[test]
    fn a_bad_store_address_names_the_setting() {
        for url in [
            "shop-images",
            "/var/lib/shop",
            "file:///var/lib/shop",
            "https://s3.amazonaws.com/shop-images",
            "s3://",
            "s3://Shop_Images",
            "s3://ab",
            "s3://-images",
            "s3://key:secret@shop-images",
            "s3://shop-images:9000",
            "s3://shop-images/a//b",
            "s3://shop-images/a%20b",
            "s3://shop-images?region=eu",
        ] {
            let error = read(url, "").expect_err(url);
            assert!(
                error.starts_with("invalid setting SHOP_OBJECT_STORE_URL: "),
                "{url}: {error}"
            );
        }
    }

    #[test]
    fn a_public_address_is_http_or_https_and_loses_its_trailing_slash() {
        let settings = read("", "https://cdn.example.com/uploads/").expect("settings");
        assert_eq!(
            settings.public_url.as_deref(),
            Some("https://cdn.example.com/uploads")
        );
        for url in [
            "cdn.example.com",
            "/uploads",
            "ftp://cdn.example.com",
            "https://cdn.example.com/?v=1",
        ] {
            let error = read("", url).expect_err(url);
            assert!(
                error.starts_with("invalid setting SHOP_IMAGES_PUBLIC_URL: "),
                "{url}: {error}"
            );
        }
    }
}
