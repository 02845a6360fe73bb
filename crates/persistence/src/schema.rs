//! The diesel view of the database, written by hand to match `migrations/{sqlite,postgres}`.
//!
//! One schema serves both backends: ids and enumerations are `Text`, money is `BigInt` cents,
//! quantities are `Integer`, instants are `Timestamp` (UTC). The `schema_drift` integration
//! test writes and reads a row of every table through these definitions on both backends.

diesel::table! {
    /// Accounts. `email` is stored lowercased and is unique.
    users (id) {
        id -> Text,
        email -> Text,
        password_hash -> Text,
        role -> Text,
        active -> Bool,
        last_login -> Nullable<Timestamp>,
        created_on -> Timestamp,
        updated_on -> Timestamp,
        token_version -> Integer,
    }
}

diesel::table! {
    /// Postal addresses (profiles' billing/shipping addresses and terminals).
    addresses (id) {
        id -> Text,
        street1 -> Text,
        street2 -> Nullable<Text>,
        city -> Text,
        state -> Text,
        postal_code -> Text,
    }
}

diesel::table! {
    /// One profile per user.
    profiles (id) {
        id -> Text,
        user_id -> Text,
        first_name -> Nullable<Text>,
        last_name -> Nullable<Text>,
        date_of_birth -> Nullable<Text>,
        phone_number -> Nullable<Text>,
        accepted_terms -> Bool,
        can_contact -> Nullable<Bool>,
        billing_address_id -> Nullable<Text>,
        shipping_address_id -> Nullable<Text>,
        theme -> Nullable<Text>,
        updated_on -> Timestamp,
    }
}

diesel::table! {
    /// One cart per user.
    carts (id) {
        id -> Text,
        user_id -> Text,
        created_on -> Timestamp,
        updated_on -> Timestamp,
    }
}

diesel::table! {
    /// Cart lines; unique per (cart_id, product_id, variant_key).
    cart_lines (id) {
        id -> Text,
        cart_id -> Text,
        product_id -> Text,
        variant_id -> Nullable<Text>,
        variant_key -> Text,
        case_quantity -> Integer,
        unit_quantity -> Integer,
        created_on -> Timestamp,
    }
}

diesel::table! {
    /// Product brands.
    brands (id) {
        id -> Text,
        name -> Text,
    }
}

diesel::table! {
    /// Product categories.
    categories (id) {
        id -> Text,
        name -> Text,
    }
}

diesel::table! {
    /// Colours (products and apparel variants).
    colors (id) {
        id -> Text,
        name -> Text,
    }
}

diesel::table! {
    /// Firework effects.
    effects (id) {
        id -> Text,
        name -> Text,
    }
}

diesel::table! {
    /// Apparel types (T-Shirt, Hoodie, ...).
    apparel_types (id) {
        id -> Text,
        name -> Text,
        description -> Nullable<Text>,
    }
}

diesel::table! {
    /// Show types (CUSTOM, FOURTH_JULY, ...).
    show_types (id) {
        id -> Text,
        name -> Text,
        description -> Nullable<Text>,
    }
}

diesel::table! {
    /// Fireworks products, shows (`is_show`) and apparel products (`is_apparel`).
    products (id) {
        id -> Text,
        sku -> Text,
        title -> Text,
        title_lower -> Text,
        description -> Nullable<Text>,
        case_price_cents -> BigInt,
        is_show -> Bool,
        is_apparel -> Bool,
        in_stock -> Bool,
        is_case_breakable -> Bool,
        brand_id -> Text,
        category_id -> Text,
        apparel_type_id -> Nullable<Text>,
        show_type_id -> Nullable<Text>,
        image -> Text,
        video_url -> Nullable<Text>,
        package -> Text,
        created_on -> Timestamp,
        updated_on -> Timestamp,
    }
}

diesel::table! {
    /// Product to colour links.
    product_colors (product_id, color_id) {
        product_id -> Text,
        color_id -> Text,
    }
}

diesel::table! {
    /// Product to effect links.
    product_effects (product_id, effect_id) {
        product_id -> Text,
        effect_id -> Text,
    }
}

diesel::table! {
    /// The unit product of a case-breakable product (at most one per product).
    unit_products (id) {
        id -> Text,
        product_id -> Text,
        sku -> Text,
        unit_price_cents -> BigInt,
        price_overridden -> Bool,
        package -> Text,
        available_stock -> Integer,
        available -> Bool,
    }
}

diesel::table! {
    /// Apparel variants; unique per (product_id, size, gender, color_key).
    apparel_variants (id) {
        id -> Text,
        product_id -> Text,
        sku -> Text,
        size -> Text,
        gender -> Text,
        color_id -> Nullable<Text>,
        color_key -> Text,
        unit_price_cents -> BigInt,
        available_stock -> Integer,
        available -> Bool,
    }
}

diesel::table! {
    /// The products a show holds; unique per (show_id, product_id, is_unit).
    show_products (id) {
        id -> Text,
        show_id -> Text,
        product_id -> Text,
        quantity -> Integer,
        is_unit -> Bool,
        notes -> Nullable<Text>,
    }
}

diesel::table! {
    /// Freight carrier service centres a buyer can ship to.
    terminals (id) {
        id -> Text,
        terminal_name -> Text,
        company -> Text,
        address_id -> Text,
        accept_out_of_state_licence -> Bool,
        business_required -> Bool,
    }
}

diesel::table! {
    /// Checkout payment sessions (one per checkout token).
    payment_sessions (id) {
        id -> Text,
        token -> Text,
        user_id -> Text,
        cart_id -> Text,
        amount_cents -> BigInt,
        cart_fingerprint -> Text,
        ship_to_terminal_id -> Nullable<Text>,
        lift_gate -> Bool,
        status -> Text,
        card_last4 -> Nullable<Text>,
        order_id -> Nullable<Text>,
        expires_at -> Timestamp,
        created_on -> Timestamp,
        updated_on -> Timestamp,
        provider_ref -> Text,
    }
}

diesel::table! {
    /// Variant items held by an open payment session; primary key (session_id, variant_id).
    stock_holds (session_id, variant_id) {
        session_id -> Text,
        variant_id -> Text,
        quantity -> Integer,
        expires_at -> Timestamp,
    }
}

diesel::table! {
    /// The sandbox payment provider's authorizations (last four digits of a card only).
    sandbox_payments (reference) {
        reference -> Text,
        amount_cents -> BigInt,
        status -> Text,
        card_last4 -> Nullable<Text>,
        attempts -> Integer,
        expires_at -> Timestamp,
        created_on -> Timestamp,
        updated_on -> Timestamp,
    }
}

diesel::table! {
    /// Orders (purchases), with the shipping address copied in.
    orders (id) {
        id -> Text,
        user_id -> Text,
        status -> Text,
        order_type -> Text,
        ship_street1 -> Text,
        ship_street2 -> Nullable<Text>,
        ship_city -> Text,
        ship_state -> Text,
        ship_postal_code -> Text,
        ship_to_terminal_id -> Nullable<Text>,
        lift_gate -> Bool,
        subtotal_cents -> BigInt,
        shipping_cents -> BigInt,
        tax_cents -> BigInt,
        lift_gate_fee_cents -> BigInt,
        grand_total_cents -> BigInt,
        checkout_token -> Text,
        created_on -> Timestamp,
        updated_on -> Timestamp,
    }
}

diesel::table! {
    /// Order lines, with title and SKU copied at purchase time.
    order_items (id) {
        id -> Text,
        order_id -> Text,
        product_id -> Text,
        variant_id -> Nullable<Text>,
        is_unit -> Bool,
        quantity -> Integer,
        unit_price_cents -> BigInt,
        item_subtotal_cents -> BigInt,
        title -> Text,
        sku -> Text,
    }
}

diesel::table! {
    /// Every order status change, with who and when.
    order_status_history (id) {
        id -> Text,
        order_id -> Text,
        status -> Text,
        changed_by -> Nullable<Text>,
        changed_at -> Timestamp,
    }
}

diesel::table! {
    /// Requests to break cases into units when unit stock ran short.
    case_break_requests (id) {
        id -> Text,
        product_id -> Text,
        order_id -> Nullable<Text>,
        quantity -> Integer,
        quantity_added -> Nullable<Integer>,
        status -> Text,
        created_on -> Timestamp,
        updated_on -> Timestamp,
    }
}

diesel::table! {
    /// Admin reports.
    reports (id) {
        id -> Text,
        report_type -> Text,
        name -> Text,
        description -> Nullable<Text>,
        status -> Text,
        parameters -> Nullable<Text>,
        created_by -> Text,
        created_at -> Timestamp,
        completed_at -> Nullable<Timestamp>,
        file_url -> Nullable<Text>,
        error_message -> Nullable<Text>,
        result -> Nullable<Text>,
        claimed_at -> Nullable<Timestamp>,
        attempts -> Integer,
    }
}

diesel::table! {
    /// Audit trail of admin and security-relevant actions.
    audit_log (id) {
        id -> Text,
        actor_id -> Nullable<Text>,
        action -> Text,
        entity -> Text,
        entity_id -> Nullable<Text>,
        details -> Nullable<Text>,
        created_at -> Timestamp,
    }
}

diesel::joinable!(profiles -> users (user_id));
diesel::joinable!(carts -> users (user_id));
diesel::joinable!(cart_lines -> carts (cart_id));
diesel::joinable!(cart_lines -> products (product_id));
diesel::joinable!(cart_lines -> apparel_variants (variant_id));
diesel::joinable!(products -> brands (brand_id));
diesel::joinable!(products -> categories (category_id));
diesel::joinable!(products -> apparel_types (apparel_type_id));
diesel::joinable!(products -> show_types (show_type_id));
diesel::joinable!(product_colors -> products (product_id));
diesel::joinable!(product_colors -> colors (color_id));
diesel::joinable!(product_effects -> products (product_id));
diesel::joinable!(product_effects -> effects (effect_id));
diesel::joinable!(unit_products -> products (product_id));
diesel::joinable!(apparel_variants -> products (product_id));
diesel::joinable!(apparel_variants -> colors (color_id));
diesel::joinable!(terminals -> addresses (address_id));
diesel::joinable!(payment_sessions -> users (user_id));
diesel::joinable!(payment_sessions -> carts (cart_id));
diesel::joinable!(payment_sessions -> terminals (ship_to_terminal_id));
diesel::joinable!(payment_sessions -> orders (order_id));
diesel::joinable!(stock_holds -> payment_sessions (session_id));
diesel::joinable!(stock_holds -> apparel_variants (variant_id));
diesel::joinable!(orders -> users (user_id));
diesel::joinable!(orders -> terminals (ship_to_terminal_id));
diesel::joinable!(order_items -> orders (order_id));
diesel::joinable!(order_items -> products (product_id));
diesel::joinable!(order_items -> apparel_variants (variant_id));
diesel::joinable!(order_status_history -> orders (order_id));
diesel::joinable!(order_refunds -> orders (order_id));
diesel::joinable!(order_status_history -> users (changed_by));
diesel::joinable!(case_break_requests -> products (product_id));
diesel::joinable!(case_break_requests -> orders (order_id));
diesel::joinable!(reports -> users (created_by));
diesel::joinable!(audit_log -> users (actor_id));

diesel::table! {
    /// What each catalogue version changed that the list index reads: a product id, `*` for
    /// everything, or `""` marking the version (see `catalogue::index`).
    catalogue_changes (version, product_id) {
        version -> BigInt,
        product_id -> Text,
    }
}

diesel::table! {
    /// One row (id 1) counting catalogue writes: see `catalogue::version`.
    catalogue_version (id) {
        id -> Integer,
        version -> BigInt,
    }
}

diesel::table! {
    /// The events payment providers sent to the webhook, each acted on once.
    payment_events (id) {
        id -> Text,
        kind -> Text,
        received_on -> Timestamp,
    }
}

diesel::table! {
    /// Request limit counters shared by every node: `expires_us` (microseconds since the epoch)
    /// is when a row stops saying more than a missing one; `hits` a count of failures.
    rate_limits (limit_name, key_hash) {
        limit_name -> Text,
        key_hash -> Binary,
        hits -> Integer,
        expires_us -> BigInt,
    }
}

diesel::table! {
    /// Refunds of orders; pending while `provider_refund_id` is NULL.
    order_refunds (id) {
        id -> Text,
        order_id -> Text,
        amount_cents -> BigInt,
        reason -> Text,
        restocked -> Bool,
        provider_refund_id -> Nullable<Text>,
        created_by -> Text,
        created_on -> Timestamp,
        confirmed_on -> Nullable<Timestamp>,
    }
}

diesel::table! {
    /// The outbox of e-mail: each mail written with the change that causes it, then sent.
    mail_outbox (id) {
        id -> Text,
        message_id -> Text,
        recipient -> Text,
        kind -> Text,
        subject -> Text,
        payload -> Text,
        state -> Text,
        attempts -> Integer,
        last_error -> Nullable<Text>,
        next_attempt_at -> Timestamp,
        locked_until -> Nullable<Timestamp>,
        created_at -> Timestamp,
        sent_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    /// Password reset links, by the SHA-256 of their token.
    password_resets (token_hash) {
        token_hash -> Text,
        user_id -> Text,
        expires_at -> Timestamp,
        used_at -> Nullable<Timestamp>,
        created_at -> Timestamp,
    }
}

diesel::joinable!(password_resets -> users (user_id));

diesel::allow_tables_to_appear_in_same_query!(
    mail_outbox,
    password_resets,
    users,
    addresses,
    profiles,
    carts,
    cart_lines,
    brands,
    categories,
    colors,
    effects,
    apparel_types,
    show_types,
    products,
    product_colors,
    product_effects,
    unit_products,
    apparel_variants,
    show_products,
    terminals,
    payment_sessions,
    stock_holds,
    sandbox_payments,
    payment_events,
    rate_limits,
    order_refunds,
    orders,
    order_items,
    order_status_history,
    case_break_requests,
    reports,
    audit_log,
);
