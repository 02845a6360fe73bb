//! moto (PyPI) in server mode, an S3 emulator: `SHOP_TEST_MOTO` names its program
//! (`moto_server`). Each test starts its own on a free loopback port and makes its buckets
//! there; the shops under test reach it as they would reach S3 (signed, path-style requests).

use reqwest::{Client, StatusCode};

use super::Server;

/// What makes the emulator take a request as the bucket owner's: it checks no signature, but a
/// request without one is anonymous, and its objects are private.
const AS_OWNER: &str = "AWS4-HMAC-SHA256 Credential=testing/20260101/us-east-1/s3/aws4_request, \
                        SignedHeaders=host, Signature=0";

/// A running emulator, stopped when dropped.
pub struct Moto {
    _server: Server,
    /// `http://127.0.0.1:{port}`.
    pub url: String,
    client: Client,
}

impl Moto {
    /// Starts the emulator on a free port and waits until it answers; `None` when it is not
    /// installed (outside CI).
    pub async fn start() -> Option<Self> {
        let server = Server::start(
            "SHOP_TEST_MOTO",
            &["-H", "127.0.0.1", "-p", "{port}"],
            |client, url| client.get(format!("{url}/")),
        )
        .await?;
        Some(Moto {
            url: server.url.clone(),
            client: server.client.clone(),
            _server: server,
        })
    }

    /// Creates `bucket` (the emulator takes unsigned requests).
    pub async fn create_bucket(&self, bucket: &str) {
        let res = self
            .client
            .put(format!("{}/{bucket}", self.url))
            .send()
            .await
            .expect("create bucket");
        assert_eq!(res.status(), StatusCode::OK, "create bucket {bucket}");
    }

    /// The keys in `bucket`, sorted.
    pub async fn keys(&self, bucket: &str) -> Vec<String> {
        let xml = self
            .client
            .get(format!("{}/{bucket}?list-type=2", self.url))
            .send()
            .await
            .expect("list")
            .text()
            .await
            .expect("listing");
        let mut keys: Vec<String> = xml
            .split("<Key>")
            .skip(1)
            .filter_map(|rest| rest.split_once("</Key>").map(|(key, _)| key.to_owned()))
            .collect();
        keys.sort();
        keys
    }

    /// The object `key` of `bucket` as the emulator serves it to its owner.
    pub async fn object(&self, bucket: &str, key: &str) -> reqwest::Response {
        self.client
            .get(format!("{}/{bucket}/{key}", self.url))
            .header("authorization", AS_OWNER)
            .send()
            .await
            .expect("object")
    }

    /// Lets anyone read the object `key` of `bucket` (what an operator does to a bucket that
    /// serves its pictures to browsers).
    pub async fn make_public(&self, bucket: &str, key: &str) {
        let res = self
            .client
            .put(format!("{}/{bucket}/{key}?acl", self.url))
            .header("authorization", AS_OWNER)
            .header("x-amz-acl", "public-read")
            .send()
            .await
            .expect("acl");
        assert_eq!(res.status(), StatusCode::OK, "public-read {key}");
    }

    /// The shop's S3 options for this emulator: its endpoint over plain HTTP, test keys and a
    /// region (what `AWS_ENDPOINT_URL`, `AWS_ALLOW_HTTP`, `AWS_ACCESS_KEY_ID`,
    /// `AWS_SECRET_ACCESS_KEY` and `AWS_REGION` say in production).
    pub fn options(&self) -> Vec<(String, String)> {
        [
            ("aws_endpoint_url", self.url.as_str()),
            ("aws_allow_http", "true"),
            ("aws_access_key_id", "testing"),
            ("aws_secret_access_key", "testing"),
            ("aws_region", "us-east-1"),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect()
    }
}
