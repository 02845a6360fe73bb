//! Demo freight terminals: carrier service centres in every shippable state.

use std::collections::HashSet;

use diesel::prelude::*;
use rand::rngs::StdRng;
use rand::Rng;

use super::catalogue::pick;
use super::seed_id;
use crate::connection::DbConnection;
use crate::error::DbError;
use crate::models::{Address, Terminal};
use crate::schema::{addresses, terminals};

#[cfg(test)]
/// The codes of the states the shop ships to (the domain's rule: the 50 minus AK, HI, MA).
pub fn shippable_states() -> Vec<&'static str> {
    domain::state::UsState::ALL
        .into_iter()
        .filter(|s| s.is_shipped())
        .map(|s| s.code())
        .collect()
}

/// (state, city, zip) of each demo terminal; a few states have two or three.
const SITES: [(&str, &str, &str); 62] = [
    ("AL", "Birmingham", "35211"),
    ("AL", "Mobile", "36619"),
    ("AZ", "Phoenix", "85043"),
    ("AR", "Little Rock", "72206"),
    ("CA", "Fontana", "92335"),
    ("CA", "Sacramento", "95828"),
    ("CA", "Fresno", "93725"),
    ("CO", "Denver", "80216"),
    ("CT", "East Hartford", "06108"),
    ("DE", "New Castle", "19720"),
    ("FL", "Orlando", "32824"),
    ("FL", "Medley", "33166"),
    ("FL", "Jacksonville", "32254"),
    ("GA", "Forest Park", "30297"),
    ("ID", "Boise", "83716"),
    ("IL", "Bedford Park", "60638"),
    ("IN", "Indianapolis", "46241"),
    ("IA", "Des Moines", "50313"),
    ("KS", "Wichita", "67219"),
    ("KY", "Louisville", "40213"),
    ("LA", "Baton Rouge", "70807"),
    ("ME", "Scarborough", "04074"),
    ("MD", "Baltimore", "21226"),
    ("MI", "Romulus", "48174"),
    ("MN", "Eagan", "55121"),
    ("MS", "Jackson", "39209"),
    ("MO", "St. Louis", "63147"),
    ("MO", "Kansas City", "64120"),
    ("MT", "Billings", "59101"),
    ("NE", "Omaha", "68117"),
    ("NV", "North Las Vegas", "89030"),
    ("NV", "Sparks", "89431"),
    ("NH", "Manchester", "03103"),
    ("NJ", "Elizabeth", "07201"),
    ("NM", "Albuquerque", "87107"),
    ("NY", "Syracuse", "13212"),
    ("NY", "Buffalo", "14206"),
    ("NC", "Charlotte", "28206"),
    ("NC", "Greensboro", "27409"),
    ("ND", "Fargo", "58102"),
    ("ND", "Bismarck", "58504"),
    ("OH", "Columbus", "43207"),
    ("OH", "Cleveland", "44135"),
    ("OK", "Oklahoma City", "73129"),
    ("OR", "Portland", "97218"),
    ("PA", "Harrisburg", "17111"),
    ("PA", "Pittsburgh", "15205"),
    ("RI", "Cranston", "02920"),
    ("SC", "Columbia", "29209"),
    ("SD", "Sioux Falls", "57104"),
    ("TN", "Nashville", "37207"),
    ("TN", "Memphis", "38118"),
    ("TX", "Dallas", "75212"),
    ("TX", "Houston", "77029"),
    ("TX", "San Antonio", "78219"),
    ("UT", "Salt Lake City", "84104"),
    ("VT", "Williston", "05495"),
    ("VA", "Richmond", "23224"),
    ("WA", "Kent", "98032"),
    ("WV", "Charleston", "25312"),
    ("WI", "Milwaukee", "53207"),
    ("WY", "Casper", "82601"),
];

const CARRIERS: [&str; 10] = [
    "Estes Express",
    "Old Dominion",
    "R+L Carriers",
    "Saia",
    "ABF Freight",
    "XPO",
    "Southeastern Freight Lines",
    "AAA Cooper",
    "Averitt Express",
    "Central Transport",
];

const STREETS: [&str; 10] = [
    "Industrial Dr",
    "Commerce Pkwy",
    "Freight Ln",
    "Distribution Blvd",
    "Logistics Way",
    "Terminal Rd",
    "Warehouse Ave",
    "Trucking Ct",
    "Interstate Dr",
    "Cargo Rd",
];

/// Inserts the demo terminals (and their addresses) that are not there yet; returns how many.
pub(super) fn seed_terminals(conn: &mut DbConnection, rng: &mut StdRng) -> Result<u64, DbError> {
    let existing: HashSet<String> = terminals::table
        .select(terminals::id)
        .load::<String>(conn)?
        .into_iter()
        .collect();
    let mut new_addresses = Vec::new();
    let mut new_terminals = Vec::new();
    for (state, city, zip) in SITES {
        let key = format!("{state}:{city}");
        // Draw before the existence check so the data does not depend on what exists.
        let company = pick(rng, &CARRIERS);
        let street = format!("{} {}", rng.gen_range(100..9_900), pick(rng, &STREETS));
        let out_of_state = rng.gen_bool(0.6);
        let business = rng.gen_bool(0.3);
        let id = seed_id("terminal", &key);
        if existing.contains(&id) {
            continue;
        }
        let address_id = seed_id("terminal_address", &key);
        let code: String = city
            .chars()
            .filter(char::is_ascii_alphabetic)
            .take(3)
            .collect::<String>()
            .to_uppercase();
        new_addresses.push(Address {
            id: address_id.clone(),
            street1: street,
            street2: None,
            city: city.to_owned(),
            state: state.to_owned(),
            postal_code: zip.to_owned(),
        });
        new_terminals.push(Terminal {
            id,
            terminal_name: format!("{city} Service Center ({code})"),
            company: company.to_owned(),
            address_id,
            accept_out_of_state_licence: out_of_state,
            business_required: business,
        });
    }
    if new_terminals.is_empty() {
        return Ok(0);
    }
    insert_rows!(conn, addresses::table, &new_addresses)?;
    insert_rows!(conn, terminals::table, &new_terminals)?;
    Ok(new_terminals.len() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shippable_state_has_a_site_and_no_other_state_does() {
        let states: HashSet<&str> = SITES.iter().map(|s| s.0).collect();
        let shippable: HashSet<&str> = shippable_states().into_iter().collect();
        assert_eq!(states, shippable);
        assert_eq!(shippable.len(), 47);
        for excluded in ["AK", "HI", "MA"] {
            assert!(!shippable.contains(excluded));
        }
    }
}
