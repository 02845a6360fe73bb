//! The domain's ports, implemented: [`Passwords`] is the [`PasswordHasher`] (argon2id) and
//! [`Tokens`] the [`TokenService`] (HS256 JWT).

use domain::ids::UserId;
use domain::users::Role;
use domain::users::{PasswordError, PasswordHasher, TokenClaims, TokenService};

use crate::password::Passwords;
use crate::token::{TokenError, Tokens};

impl From<crate::password::PasswordError> for PasswordError {
    fn from(e: crate::password::PasswordError) -> Self {
        match e {
            crate::password::PasswordError::Busy => PasswordError::Busy,
            other => PasswordError::Failed(other.to_string()),
        }
    }
}

impl PasswordHasher for Passwords {
    fn hash(&self, password: &str) -> Result<String, PasswordError> {
        Ok(Passwords::hash(self, password)?)
    }

    fn verify(&self, password: &str, hash: &str) -> Result<bool, PasswordError> {
        Ok(Passwords::verify(self, password, hash)?)
    }

    fn verify_nothing(&self, password: &str) -> Result<(), PasswordError> {
        Ok(Passwords::verify_nothing(self, password)?)
    }
}

impl From<TokenError> for domain::users::TokenError {
    fn from(e: TokenError) -> Self {
        match e {
            TokenError::Expired => domain::users::TokenError::Expired,
            TokenError::Invalid => domain::users::TokenError::Invalid,
            TokenError::Signing(m) => domain::users::TokenError::Signing(m),
        }
    }
}

impl TokenService for Tokens {
    fn issue(
        &self,
        user: &UserId,
        role: Role,
        version: i32,
    ) -> Result<String, domain::users::TokenError> {
        Ok(Tokens::issue(self, user.as_str(), role, version)?)
    }

    fn verify(&self, token: &str) -> Result<TokenClaims, domain::users::TokenError> {
        let claims = Tokens::verify(self, token)?;
        Ok(TokenClaims {
            user: claims.sub.into(),
            role: claims.role,
            version: claims.ver,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::password::PasswordCost;

    #[test]
    fn the_ports_round_trip_a_password_and_a_token() {
        let passwords = Passwords::new(PasswordCost::Fast).expect("hasher");
        let hasher: &dyn PasswordHasher = &passwords;
        let hash = hasher.hash("Secret#123").expect("hash");
        assert_eq!(hasher.verify("Secret#123", &hash), Ok(true));
        assert_eq!(hasher.verify("Secret#124", &hash), Ok(false));
        assert!(hasher.verify("x", "not a phc string").is_err());

        let tokens: &dyn TokenService = &Tokens::new(b"a-test-secret-that-is-long-enough-1234");
        let token = tokens
            .issue(&UserId::from("u-1"), Role::Admin, 0)
            .expect("token");
        let claims = tokens.verify(&token).expect("claims");
        assert_eq!(claims.user, UserId::from("u-1"));
        assert_eq!(claims.role, Role::Admin);
        assert_eq!(
            tokens.verify("nope"),
            Err(domain::users::TokenError::Invalid)
        );
        let expired = Tokens::with_lifetime(b"a-test-secret-that-is-long-enough-1234", -10);
        let old =
            TokenService::issue(&expired, &UserId::from("u-1"), Role::User, 0).expect("token");
        assert_eq!(tokens.verify(&old), Err(domain::users::TokenError::Expired));
    }
}
