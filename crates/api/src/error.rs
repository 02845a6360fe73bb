//! The one error type of the HTTP layer. Every error answer is JSON `{"message": "..."}`
//! (plus `"errors": {field: [..]}` for field validation) with the status decisions.md lists.
//!
//! Every mapping of a domain error to a status lives here, one `From` per domain error, each
//! a `match` on the error's variants (never on its message), so a route only `?`s. (The
//! sandbox provider's `SandboxError` maps beside its route, `routes/checkout/payments.rs`,
//! until the provider has its own crate.)

use std::collections::BTreeMap;

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use domain::cart::CartError;
use domain::catalogue::{
    ApparelAdminError, GetProductError, GetShowError, GetTerminalError, ImageError, ListShowsError,
    ProductAdminError, SetInStockError, ShowAdminError,
};
use domain::checkout::{
    AuthorizeCardError, CancelSessionError, OpenSessionError, OrderError, PurchaseError,
    QuoteCartError, Refusal,
};
use domain::orders::{DateRangeError, SalesError};
use domain::payments::PaymentError;
use domain::profile::UpdateProfileError;
use domain::quote::QuoteError;
use domain::refunds::RefundError;
use domain::reports::ReportError;
use domain::store::StoreError;
use domain::users::{AuthenticateError, RegisterError, SignInError, UserAdminError};
use domain::users::{PasswordError, ResetError, TokenError};
use domain::vocabulary::VocabularyError;
use payments::sandbox::SandboxError;
use serde::Serialize;

/// Field name -> messages, as sent in `errors`.
pub type FieldErrors = BTreeMap<String, Vec<String>>;

/// An error answer of the API.
#[derive(Debug, Clone, thiserror::Error)]
pub enum ApiError {
    /// 400: malformed or invalid input; the message names the field.
    #[error("{message}")]
    BadRequest {
        /// What is wrong.
        message: String,
        /// Per-field messages, when there are any.
        errors: Option<FieldErrors>,
    },
    /// 401: not signed in, or the token is not valid.
    #[error("{0}")]
    Unauthorized(String),
    /// 403: signed in but not allowed.
    #[error("{0}")]
    Forbidden(String),
    /// 404: no such thing (or not the caller's).
    #[error("{0}")]
    NotFound(String),
    /// 409: conflicts with the current state.
    #[error("{0}")]
    Conflict(String),
    /// 413: body too large.
    #[error("{0}")]
    PayloadTooLarge(String),
    /// 422: field validation failed.
    #[error("{message}")]
    Validation {
        /// Summary.
        message: String,
        /// Per-field messages.
        errors: FieldErrors,
    },
    /// 429: rate limited.
    #[error("{0}")]
    TooManyRequests(String),
    /// 503: a dependency (the database) is not available.
    #[error("{0}")]
    Unavailable(String),
    /// 503 with a message for the client: the server is saturated, or an outside service it
    /// needs (the payment provider) did not answer; try again shortly.
    #[error("{0}")]
    Busy(String),
    /// 500: a bug or an unexpected failure. The cause is logged, never sent.
    #[error("internal error: {0}")]
    Internal(String),
}

#[derive(Serialize)]
struct ErrorBody<'a> {
    message: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    errors: Option<&'a FieldErrors>,
}

/// What a 500 says to the client.
pub const INTERNAL_MESSAGE: &str = "Something went wrong on our side. Please try again.";

impl ApiError {
    /// 400 with a message.
    pub fn bad_request(message: impl Into<String>) -> Self {
        ApiError::BadRequest {
            message: message.into(),
            errors: None,
        }
    }

    /// 400 naming one field.
    pub fn bad_field(field: &str, message: impl Into<String>) -> Self {
        let message = message.into();
        let errors = FieldErrors::from([(field.to_owned(), vec![message.clone()])]);
        ApiError::BadRequest {
            message,
            errors: Some(errors),
        }
    }

    /// 422 naming one field: well-formed input that a rule of the shop refuses.
    pub fn invalid_field(field: &str, message: impl Into<String>) -> Self {
        let message = message.into();
        let errors = FieldErrors::from([(field.to_owned(), vec![message.clone()])]);
        ApiError::Validation { message, errors }
    }

    /// 404 with a message.
    pub fn not_found(message: impl Into<String>) -> Self {
        ApiError::NotFound(message.into())
    }

    /// 500 from any displayable cause (logged, not sent).
    pub fn internal(cause: impl std::fmt::Display) -> Self {
        ApiError::Internal(cause.to_string())
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        match self {
            ApiError::BadRequest { .. } => StatusCode::BAD_REQUEST,
            ApiError::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::Validation { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::TooManyRequests(_) => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Unavailable(_) | ApiError::Busy(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        let (message, errors) = match self {
            ApiError::BadRequest { message, errors } => (message.as_str(), errors.as_ref()),
            ApiError::Validation { message, errors } => (message.as_str(), Some(errors)),
            ApiError::Internal(cause) => {
                // tracing-actix-web's root span carries the request id.
                tracing::error!(cause = %cause, "internal error");
                (INTERNAL_MESSAGE, None)
            }
            ApiError::Unavailable(cause) => {
                tracing::warn!(cause = %cause, "dependency unavailable");
                (
                    "The service is temporarily unavailable. Please try again.",
                    None,
                )
            }
            ApiError::Unauthorized(m)
            | ApiError::Forbidden(m)
            | ApiError::NotFound(m)
            | ApiError::Conflict(m)
            | ApiError::PayloadTooLarge(m)
            | ApiError::TooManyRequests(m)
            | ApiError::Busy(m) => (m.as_str(), None),
        };
        let mut builder = HttpResponse::build(self.status_code());
        match self {
            ApiError::TooManyRequests(_) => {
                builder.insert_header(("Retry-After", "60"));
            }
            ApiError::Busy(_) => {
                builder.insert_header(("Retry-After", "2"));
            }
            _ => {}
        }
        builder.json(ErrorBody { message, errors })
    }
}

/// What checkout says when the payment provider does not answer.
pub const PAYMENT_UNAVAILABLE: &str =
    "The payment provider is not available. Please try again in a moment.";

/// Message for a missing or invalid token.
pub const SIGN_IN_REQUIRED: &str = "Please sign in to continue.";
/// Message for an expired token.
pub const SESSION_EXPIRED: &str = "Your session has expired. Please sign in again.";

// Every use case's error enum maps to a status here, in one place. The messages are the
// domain's `Display`, which are the specification's words where it gives them.

/// A form's failures by field: 422 with the first message and every field's messages.
impl From<domain::profile::FieldErrors> for ApiError {
    fn from(errors: domain::profile::FieldErrors) -> Self {
        ApiError::Validation {
            message: errors.to_string(),
            errors: errors.as_map().clone(),
        }
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::NotFound => ApiError::NotFound("Not found".into()),
            StoreError::Duplicate(m) | StoreError::Conflict(m) => ApiError::Conflict(m),
            StoreError::Unavailable => ApiError::Unavailable("database unavailable".into()),
            StoreError::Other(m) => ApiError::Internal(m),
        }
    }
}

/// The answer when password hashing is saturated (a burst of sign-ins or registrations).
pub const PASSWORDS_BUSY: &str =
    "Too many sign-ins and registrations right now. Please try again in a moment.";

impl From<PasswordError> for ApiError {
    fn from(e: PasswordError) -> Self {
        match e {
            PasswordError::Busy => ApiError::Busy(PASSWORDS_BUSY.into()),
            PasswordError::Failed(_) => ApiError::internal(e),
        }
    }
}

impl From<TokenError> for ApiError {
    fn from(e: TokenError) -> Self {
        ApiError::internal(e)
    }
}

impl From<RegisterError> for ApiError {
    fn from(e: RegisterError) -> Self {
        match e {
            RegisterError::InvalidEmail(m) => ApiError::invalid_field("email", m),
            RegisterError::InvalidPassword(m) => ApiError::invalid_field("password", m),
            RegisterError::EmailTaken => ApiError::Conflict(e.to_string()),
            RegisterError::Password(e) => e.into(),
            RegisterError::Store(e) => e.into(),
        }
    }
}

impl From<SignInError> for ApiError {
    fn from(e: SignInError) -> Self {
        match e {
            SignInError::InvalidCredentials => ApiError::Unauthorized(e.to_string()),
            SignInError::Password(e) => e.into(),
            SignInError::Token(e) => e.into(),
            SignInError::Store(e) => e.into(),
        }
    }
}

impl From<AuthenticateError> for ApiError {
    fn from(e: AuthenticateError) -> Self {
        match e {
            AuthenticateError::Expired => ApiError::Unauthorized(SESSION_EXPIRED.into()),
            AuthenticateError::NotSignedIn => ApiError::Unauthorized(SIGN_IN_REQUIRED.into()),
            AuthenticateError::Store(e) => e.into(),
        }
    }
}

impl From<UpdateProfileError> for ApiError {
    fn from(e: UpdateProfileError) -> Self {
        match e {
            UpdateProfileError::NotYours | UpdateProfileError::NoProfile => {
                ApiError::NotFound(e.to_string())
            }
            UpdateProfileError::Invalid(errors) => errors.into(),
            UpdateProfileError::Store(e) => e.into(),
        }
    }
}

impl From<QuoteError> for ApiError {
    fn from(e: QuoteError) -> Self {
        match e {
            // Outside the bounds the document states: malformed.
            QuoteError::TooManyLines => ApiError::bad_field("lines", e.to_string()),
            QuoteError::InvalidState => ApiError::bad_field("state", e.to_string()),
            QuoteError::BadQuantity { field } => ApiError::bad_field(field, e.to_string()),
            // Well-formed lines the shop's rules refuse: how the product is sold, or a line
            // of nothing.
            QuoteError::VariantRequired(_)
            | QuoteError::ShowByUnit(_)
            | QuoteError::CaseOnly(_) => ApiError::invalid_field("lines", e.to_string()),
            QuoteError::EmptyLine => ApiError::invalid_field("caseQuantity", e.to_string()),
            QuoteError::ProductNotFound
            | QuoteError::VariantNotFound
            | QuoteError::TerminalNotFound => ApiError::NotFound(e.to_string()),
            QuoteError::Line(_) | QuoteError::BadTerminalState(_) => ApiError::internal(e),
            QuoteError::Store(e) => e.into(),
        }
    }
}

impl From<CartError> for ApiError {
    fn from(e: CartError) -> Self {
        match e {
            CartError::CartNotFound | CartError::ProductNotFound | CartError::VariantNotFound => {
                ApiError::NotFound(e.to_string())
            }
            // How the product is sold: a rule of the shop, not a malformed request.
            CartError::VariantRequired(_) => ApiError::invalid_field("variantId", e.to_string()),
            CartError::CaseOnly(_) => ApiError::invalid_field("isUnit", e.to_string()),
            CartError::BadQuantity => ApiError::bad_field("quantity", e.to_string()),
            CartError::OutOfStock(_)
            | CartError::OnlyLeft { .. }
            | CartError::CartFull
            | CartError::BeingPaid => ApiError::Conflict(e.to_string()),
            CartError::Store(e) => e.into(),
        }
    }
}

impl From<QuoteCartError> for ApiError {
    fn from(e: QuoteCartError) -> Self {
        match e {
            QuoteCartError::CartNotFound | QuoteCartError::TerminalNotFound => {
                ApiError::NotFound(e.to_string())
            }
            // A saved line the catalogue no longer sells that way: the cart must change first.
            QuoteCartError::Line(QuoteError::Store(e)) => e.into(),
            QuoteCartError::Line(QuoteError::Line(_) | QuoteError::BadTerminalState(_)) => {
                ApiError::internal(e)
            }
            QuoteCartError::Line(line) => ApiError::Conflict(line.to_string()),
            QuoteCartError::Store(e) => e.into(),
        }
    }
}

impl From<Refusal> for ApiError {
    fn from(e: Refusal) -> Self {
        ApiError::Conflict(e.to_string())
    }
}

impl From<OpenSessionError> for ApiError {
    fn from(e: OpenSessionError) -> Self {
        match e {
            OpenSessionError::Quote(e) => e.into(),
            OpenSessionError::Refused(e) => e.into(),
            OpenSessionError::TooManyAttempts => ApiError::TooManyRequests(e.to_string()),
            OpenSessionError::HoldLimit { .. } => ApiError::Conflict(e.to_string()),
            OpenSessionError::Payment(e) => e.into(),
            OpenSessionError::Store(e) => e.into(),
        }
    }
}

impl From<ResetError> for ApiError {
    fn from(e: ResetError) -> Self {
        match e {
            ResetError::Invalid(errors) => errors.into(),
            // No link to use (unknown, used or expired): as any unknown thing, with why.
            ResetError::LinkInvalid | ResetError::LinkExpired => ApiError::NotFound(e.to_string()),
            ResetError::Password(e) => e.into(),
            ResetError::Store(e) => e.into(),
        }
    }
}

impl From<AuthorizeCardError> for ApiError {
    fn from(e: AuthorizeCardError) -> Self {
        match e {
            AuthorizeCardError::NotFound | AuthorizeCardError::Payment(PaymentError::Unknown) => {
                ApiError::NotFound(AuthorizeCardError::NotFound.to_string())
            }
            AuthorizeCardError::Closed | AuthorizeCardError::Payment(PaymentError::Refused(_)) => {
                ApiError::Conflict(AuthorizeCardError::Closed.to_string())
            }
            AuthorizeCardError::Payment(e) => e.into(),
            AuthorizeCardError::Store(e) => e.into(),
        }
    }
}

impl From<CancelSessionError> for ApiError {
    fn from(e: CancelSessionError) -> Self {
        match e {
            CancelSessionError::CartNotFound | CancelSessionError::SessionNotFound => {
                ApiError::NotFound(e.to_string())
            }
            CancelSessionError::Store(e) => e.into(),
        }
    }
}

impl From<PurchaseError> for ApiError {
    fn from(e: PurchaseError) -> Self {
        match e {
            PurchaseError::SessionNotFound | PurchaseError::OrderNotFound => {
                ApiError::NotFound(e.to_string())
            }
            PurchaseError::NotPaid | PurchaseError::Expired | PurchaseError::Cancelled => {
                ApiError::Conflict(e.to_string())
            }
            PurchaseError::WrongAddress => {
                ApiError::invalid_field("shippingAddressId", e.to_string())
            }
            PurchaseError::Quote(e) => e.into(),
            PurchaseError::Refused(e) => e.into(),
            PurchaseError::Payment(e) => e.into(),
            PurchaseError::Store(e) => e.into(),
        }
    }
}

impl From<OrderError> for ApiError {
    fn from(e: OrderError) -> Self {
        match e {
            OrderError::OrderNotFound => ApiError::NotFound(e.to_string()),
            OrderError::Store(e) => e.into(),
        }
    }
}

impl From<VocabularyError> for ApiError {
    fn from(e: VocabularyError) -> Self {
        match e {
            VocabularyError::Invalid(errors) => errors.into(),
            VocabularyError::NotFound(_) => ApiError::NotFound(e.to_string()),
            VocabularyError::Duplicate { .. } | VocabularyError::InUse { .. } => {
                ApiError::Conflict(e.to_string())
            }
            VocabularyError::Store(e) => e.into(),
        }
    }
}

impl From<RefundError> for ApiError {
    fn from(e: RefundError) -> Self {
        let field = |name: &str| {
            let message = e.to_string();
            let errors = FieldErrors::from([(name.to_owned(), vec![message.clone()])]);
            ApiError::Validation { message, errors }
        };
        match e {
            RefundError::NotFound => ApiError::NotFound(e.to_string()),
            RefundError::Invalid(errors) => errors.into(),
            RefundError::TooMuch { .. } => field("amount"),
            RefundError::PartialRestock => field("restock"),
            RefundError::Refused(_) => ApiError::Conflict(e.to_string()),
            RefundError::Pending => ApiError::Busy(e.to_string()),
            RefundError::Payment(e) => e.into(),
            RefundError::Store(e) => e.into(),
        }
    }
}

impl From<PaymentError> for ApiError {
    fn from(e: PaymentError) -> Self {
        match e {
            PaymentError::Unavailable => {
                tracing::warn!("payment provider unavailable");
                ApiError::Busy(PAYMENT_UNAVAILABLE.into())
            }
            PaymentError::Unknown | PaymentError::Refused(_) | PaymentError::Other(_) => {
                ApiError::internal(e)
            }
        }
    }
}

impl From<UserAdminError> for ApiError {
    fn from(e: UserAdminError) -> Self {
        match e {
            UserAdminError::Invalid(errors) => errors.into(),
            UserAdminError::NotFound => ApiError::NotFound(e.to_string()),
            UserAdminError::EmailTaken
            | UserAdminError::OwnAccount(_)
            | UserAdminError::LastAdmin => ApiError::Conflict(e.to_string()),
            UserAdminError::NoLongerAdmin => ApiError::Forbidden(e.to_string()),
            UserAdminError::Password(e) => e.into(),
            UserAdminError::Store(e) => e.into(),
        }
    }
}

impl From<SalesError> for ApiError {
    fn from(e: SalesError) -> Self {
        match e {
            SalesError::Invalid(errors) => ApiError::BadRequest {
                message: errors.to_string(),
                errors: Some(errors.as_map().clone()),
            },
            SalesError::OrderNotFound | SalesError::CaseBreakNotFound => {
                ApiError::NotFound(e.to_string())
            }
            SalesError::AlreadyClosed(_) => ApiError::Conflict(e.to_string()),
            SalesError::FewerThanOwed(_) => {
                let message = e.to_string();
                ApiError::Validation {
                    errors: BTreeMap::from([("quantityAdded".to_owned(), vec![message.clone()])]),
                    message,
                }
            }
            SalesError::Store(e) => e.into(),
        }
    }
}

impl From<ReportError> for ApiError {
    fn from(e: ReportError) -> Self {
        match e {
            ReportError::Invalid(errors) => errors.into(),
            ReportError::NotFound => ApiError::NotFound(e.to_string()),
            ReportError::NotReady(_) => ApiError::Conflict(e.to_string()),
            ReportError::Store(e) => e.into(),
        }
    }
}

impl From<ProductAdminError> for ApiError {
    fn from(e: ProductAdminError) -> Self {
        match e {
            ProductAdminError::Invalid(errors) => errors.into(),
            ProductAdminError::NotFound => ApiError::NotFound(e.to_string()),
            ProductAdminError::DuplicateSku(_) | ProductAdminError::InUse { .. } => {
                ApiError::Conflict(e.to_string())
            }
            ProductAdminError::Store(e) => e.into(),
        }
    }
}

impl From<ImageError> for ApiError {
    fn from(e: ImageError) -> Self {
        match e {
            ImageError::TooLarge => ApiError::PayloadTooLarge(e.to_string()),
            // Any bytes are a well-formed body; not being an image is a rule of the shop.
            ImageError::Empty | ImageError::Unsupported => {
                ApiError::invalid_field("image", e.to_string())
            }
        }
    }
}

impl From<ApparelAdminError> for ApiError {
    fn from(e: ApparelAdminError) -> Self {
        match e {
            ApparelAdminError::Invalid(errors) => errors.into(),
            ApparelAdminError::NotFound | ApparelAdminError::VariantNotFound => {
                ApiError::NotFound(e.to_string())
            }
            ApparelAdminError::InUse { .. } => ApiError::Conflict(e.to_string()),
            ApparelAdminError::Store(e) => e.into(),
        }
    }
}

impl From<ShowAdminError> for ApiError {
    fn from(e: ShowAdminError) -> Self {
        match e {
            ShowAdminError::Invalid(errors) => errors.into(),
            ShowAdminError::NotFound => ApiError::NotFound(e.to_string()),
            ShowAdminError::InUse { .. } => ApiError::Conflict(e.to_string()),
            ShowAdminError::Store(e) => e.into(),
        }
    }
}

impl From<DateRangeError> for ApiError {
    /// A malformed date is 400; two well-formed dates that make no range, 422.
    fn from(e: DateRangeError) -> Self {
        match e {
            DateRangeError::Malformed(errors) => SalesError::Invalid(errors).into(),
            DateRangeError::Reversed(errors) => ApiError::Validation {
                message: errors.to_string(),
                errors: errors.as_map().clone(),
            },
        }
    }
}

/// The not-found enums of the catalogue reads: 404 with the domain's message.
macro_rules! not_found_or_store {
    ($($error:ident),+ $(,)?) => {$(
        impl From<$error> for ApiError {
            fn from(e: $error) -> Self {
                match e {
                    $error::Store(e) => e.into(),
                    other => ApiError::NotFound(other.to_string()),
                }
            }
        }
    )+};
}

not_found_or_store!(
    GetProductError,
    GetShowError,
    GetTerminalError,
    ListShowsError,
    SetInStockError,
);

impl From<SandboxError> for ApiError {
    fn from(e: SandboxError) -> Self {
        match e {
            SandboxError::InvalidCard(field, message) => ApiError::bad_field(field, message),
            SandboxError::NotFound => ApiError::NotFound(e.to_string()),
            SandboxError::AlreadyPaid | SandboxError::Closed => ApiError::Conflict(e.to_string()),
            SandboxError::Ledger(_) => ApiError::internal(e),
        }
    }
}
