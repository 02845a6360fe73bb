//! Who the client is: the connection's peer, or, when the peer is a trusted proxy (a load
//! balancer in `SHOP_TRUSTED_PROXIES`), the right-most address of the one forwarding header
//! the proxies write (`SHOP_FORWARDED_HEADER`: `X-Forwarded-For` by default, or `Forwarded`)
//! that is not itself a trusted proxy. A client writes the left of that header as it likes, and
//! the other header entirely (a proxy that appends `X-Forwarded-For` passes a client's
//! `Forwarded` through untouched), so only the configured header is read and only the hops our
//! own proxies appended are believed. The same address goes to the limits and to the access log.

use std::net::{IpAddr, SocketAddr};

use actix_web::http::header::HeaderMap;
use ipnet::IpNet;

/// The forwarding header that the trusted proxies write (`SHOP_FORWARDED_HEADER`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum ForwardedHeader {
    /// `X-Forwarded-For: client, proxy1` (nginx's `$proxy_add_x_forwarded_for`, the default).
    #[default]
    XForwardedFor,
    /// RFC 7239 `Forwarded: for=client, for=proxy1`.
    Forwarded,
}

impl std::str::FromStr for ForwardedHeader {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "x-forwarded-for" => Ok(ForwardedHeader::XForwardedFor),
            "forwarded" => Ok(ForwardedHeader::Forwarded),
            other => Err(format!("{other:?} is not x-forwarded-for or forwarded")),
        }
    }
}

/// The proxies whose forwarding header is believed, and which header that is.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProxyTrust {
    trusted: Vec<IpNet>,
    header: ForwardedHeader,
}

/// A `SHOP_TRUSTED_PROXIES` entry that is neither an address nor a network.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not an IP address or a CIDR network")]
pub struct BadProxy(pub String);

impl ProxyTrust {
    /// Trusts no proxy: the peer is always the client.
    #[must_use]
    pub fn none() -> Self {
        Self::default()
    }

    /// Trusts these networks (`10.0.0.0/8`) and addresses (`192.0.2.7`).
    #[must_use]
    pub fn of(trusted: Vec<IpNet>) -> Self {
        ProxyTrust {
            trusted,
            header: ForwardedHeader::default(),
        }
    }

    /// The same proxies, believed in `header` only.
    #[must_use]
    pub fn reading(self, header: ForwardedHeader) -> Self {
        ProxyTrust { header, ..self }
    }

    /// Reads a comma-separated list of addresses and CIDR networks.
    ///
    /// # Errors
    /// [`BadProxy`] naming the first entry that is neither.
    pub fn parse(list: &str) -> Result<Self, BadProxy> {
        let trusted = list
            .split(',')
            .map(str::trim)
            .filter(|e| !e.is_empty())
            .map(|e| {
                e.parse::<IpNet>()
                    .or_else(|_| e.parse::<IpAddr>().map(IpNet::from))
                    .map_err(|_| BadProxy(e.to_owned()))
            })
            .collect::<Result<_, _>>()?;
        Ok(ProxyTrust::of(trusted))
    }

    /// Whether any proxy is trusted.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.trusted.is_empty()
    }

    fn trusts(&self, ip: IpAddr) -> bool {
        let ip = match ip {
            IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
            IpAddr::V4(_) => ip,
        };
        self.trusted.iter().any(|net| net.contains(&ip))
    }

    /// The client of a request from `peer` with these headers.
    #[must_use]
    pub fn client(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        if !self.trusts(peer) {
            return peer;
        }
        // Hops in order, oldest first; walk back from our own proxy.
        let mut hops = forwarded_hops(headers, self.header);
        let mut client = peer;
        while let Some(hop) = hops.pop() {
            client = hop;
            if !self.trusts(hop) {
                break;
            }
        }
        client
    }
}

/// Every address of `header` (`X-Forwarded-For`, or `Forwarded`'s `for=`), in order; the
/// other header is never read. Unreadable entries (`unknown`, obfuscated names, an element of
/// `Forwarded` without `for=`) end the list there, since nothing to their left can be placed.
fn forwarded_hops(headers: &HeaderMap, header: ForwardedHeader) -> Vec<IpAddr> {
    let entries: Vec<String> = match header {
        ForwardedHeader::XForwardedFor => headers
            .get_all("x-forwarded-for")
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .map(|e| e.trim().to_owned())
            .collect(),
        ForwardedHeader::Forwarded => headers
            .get_all("forwarded")
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .map(|element| {
                element
                    .split(';')
                    .find_map(|pair| {
                        let (key, value) = pair.split_once('=')?;
                        key.trim()
                            .eq_ignore_ascii_case("for")
                            .then(|| value.trim().trim_matches('"').to_owned())
                    })
                    .unwrap_or_default()
            })
            .collect(),
    };
    let mut hops = Vec::with_capacity(entries.len());
    // From the right: the first unreadable entry cuts off everything left of it.
    for entry in entries.iter().rev() {
        match parse_hop(entry) {
            Some(ip) => hops.push(ip),
            None => break,
        }
    }
    hops.reverse();
    hops
}

/// `192.0.2.1`, `192.0.2.1:8080`, `2001:db8::1`, `[2001:db8::1]` or `[2001:db8::1]:443`.
fn parse_hop(entry: &str) -> Option<IpAddr> {
    entry
        .parse::<IpAddr>()
        .ok()
        .or_else(|| entry.parse::<SocketAddr>().ok().map(|s| s.ip()))
        .or_else(|| {
            entry
                .strip_prefix('[')
                .and_then(|e| e.strip_suffix(']'))
                .and_then(|e| e.parse().ok())
        })
}

#[cfg(test)]
mod tests {
    use actix_web::http::header::{HeaderName, HeaderValue};

    use super::*;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(
                HeaderName::from_static(name),
                HeaderValue::from_static(value),
            );
        }
        map
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().expect("ip")
    }

    #[test]
    fn without_trusted_proxies_the_peer_is_the_client() {
        let h = headers(&[("x-forwarded-for", "1.2.3.4")]);
        assert_eq!(
            ProxyTrust::none().client(ip("10.0.0.9"), &h),
            ip("10.0.0.9")
        );
    }

    #[test]
    fn forwarded_headers_from_an_untrusted_peer_are_ignored() {
        let trust = ProxyTrust::parse("10.0.0.0/8").expect("list");
        let h = headers(&[("x-forwarded-for", "1.2.3.4")]);
        assert_eq!(trust.client(ip("203.0.113.5"), &h), ip("203.0.113.5"));
    }

    #[test]
    fn the_right_most_untrusted_hop_is_the_client_whatever_the_client_wrote_first() {
        let trust = ProxyTrust::parse("10.0.0.0/8, 192.0.2.7").expect("list");
        // The client wrote "6.6.6.6" itself; our balancer appended the real peer 198.51.100.2,
        // then an inner proxy (trusted) appended itself.
        let h = headers(&[("x-forwarded-for", "6.6.6.6, 198.51.100.2, 192.0.2.7")]);
        assert_eq!(trust.client(ip("10.0.0.1"), &h), ip("198.51.100.2"));
        let h = headers(&[
            ("x-forwarded-for", "6.6.6.6"),
            ("x-forwarded-for", "198.51.100.2"),
        ]);
        assert_eq!(trust.client(ip("10.0.0.1"), &h), ip("198.51.100.2"));
    }

    #[test]
    fn the_forwarded_header_is_read_when_configured() {
        let trust = ProxyTrust::parse("10.0.0.1")
            .expect("list")
            .reading(ForwardedHeader::Forwarded);
        let h = headers(&[(
            "forwarded",
            "for=6.6.6.6;proto=https, for=\"[2001:db8::7]:4711\";by=10.0.0.1",
        )]);
        assert_eq!(trust.client(ip("10.0.0.1"), &h), ip("2001:db8::7"));
        // Then X-Forwarded-For is the client's own text.
        let h = headers(&[
            ("x-forwarded-for", "6.6.6.6"),
            ("forwarded", "for=198.51.100.2"),
        ]);
        assert_eq!(trust.client(ip("10.0.0.1"), &h), ip("198.51.100.2"));
    }

    #[test]
    fn a_client_written_forwarded_header_does_not_win_over_the_proxys_x_forwarded_for() {
        // nginx appended the real peer to X-Forwarded-For and passed the client's Forwarded on.
        let trust = ProxyTrust::parse("10.0.0.1").expect("list");
        let h = headers(&[
            ("forwarded", "for=6.6.6.6"),
            ("x-forwarded-for", "198.51.100.2"),
        ]);
        assert_eq!(trust.client(ip("10.0.0.1"), &h), ip("198.51.100.2"));
        // A Forwarded element without for= cannot be placed either.
        let trust = trust.reading(ForwardedHeader::Forwarded);
        let h = headers(&[("forwarded", "for=6.6.6.6, proto=https")]);
        assert_eq!(trust.client(ip("10.0.0.1"), &h), ip("10.0.0.1"));
    }

    #[test]
    fn the_header_setting_is_read() {
        assert_eq!(
            " X-Forwarded-For".parse::<ForwardedHeader>(),
            Ok(ForwardedHeader::XForwardedFor)
        );
        assert_eq!(
            "forwarded".parse::<ForwardedHeader>(),
            Ok(ForwardedHeader::Forwarded)
        );
        assert!("x-real-ip".parse::<ForwardedHeader>().is_err());
    }

    #[test]
    fn an_unreadable_hop_stops_the_walk() {
        let trust = ProxyTrust::parse("10.0.0.1").expect("list");
        let h = headers(&[("x-forwarded-for", "6.6.6.6, unknown")]);
        assert_eq!(trust.client(ip("10.0.0.1"), &h), ip("10.0.0.1"));
    }

    #[test]
    fn only_proxies_all_the_way_gives_the_left_most() {
        let trust = ProxyTrust::parse("10.0.0.0/8").expect("list");
        let h = headers(&[("x-forwarded-for", "10.1.1.1, 10.2.2.2")]);
        assert_eq!(trust.client(ip("10.0.0.1"), &h), ip("10.1.1.1"));
    }

    #[test]
    fn bad_entries_are_named() {
        assert_eq!(
            ProxyTrust::parse("10.0.0.0/8, nope"),
            Err(BadProxy("nope".into()))
        );
    }
}
