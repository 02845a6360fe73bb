-- Initial schema (SQLite). Keep in step with ../../postgres/<same version>/up.sql and
-- crates/persistence/src/schema.rs. Ids are TEXT uuids made in Rust, money is BIGINT cents,
-- timestamps are UTC TIMESTAMP (diesel stores text), booleans are BOOLEAN (0/1).

CREATE TABLE users (
    id            TEXT PRIMARY KEY NOT NULL,
    email         TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    role          TEXT NOT NULL DEFAULT 'USER' CHECK (role IN ('USER', 'MANAGER', 'ADMIN', 'MEMBER')),
    active        BOOLEAN NOT NULL DEFAULT TRUE,
    last_login    TIMESTAMP,
    created_on    TIMESTAMP NOT NULL,
    updated_on    TIMESTAMP NOT NULL
);
CREATE INDEX idx_users_role ON users (role);

CREATE TABLE addresses (
    id          TEXT PRIMARY KEY NOT NULL,
    street1     TEXT NOT NULL,
    street2     TEXT,
    city        TEXT NOT NULL,
    state       TEXT NOT NULL,
    postal_code TEXT NOT NULL
);
-- Terminal search: state (exact) and zip (prefix).
CREATE INDEX idx_addresses_state_postal_code ON addresses (state, postal_code);

CREATE TABLE profiles (
    id                  TEXT PRIMARY KEY NOT NULL,
    user_id             TEXT NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
    first_name          TEXT,
    last_name           TEXT,
    date_of_birth       TEXT,
    phone_number        TEXT,
    accepted_terms      BOOLEAN NOT NULL DEFAULT FALSE,
    can_contact         BOOLEAN,
    billing_address_id  TEXT REFERENCES addresses (id) ON DELETE SET NULL,
    shipping_address_id TEXT REFERENCES addresses (id) ON DELETE SET NULL,
    theme               TEXT,
    updated_on          TIMESTAMP NOT NULL
);
CREATE INDEX idx_profiles_billing_address ON profiles (billing_address_id);
CREATE INDEX idx_profiles_shipping_address ON profiles (shipping_address_id);

CREATE TABLE carts (
    id         TEXT PRIMARY KEY NOT NULL,
    user_id    TEXT NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
    created_on TIMESTAMP NOT NULL,
    updated_on TIMESTAMP NOT NULL
);

CREATE TABLE brands (
    id   TEXT PRIMARY KEY NOT NULL,
    name TEXT NOT NULL UNIQUE
);

CREATE TABLE categories (
    id   TEXT PRIMARY KEY NOT NULL,
    name TEXT NOT NULL UNIQUE
);

CREATE TABLE colors (
    id   TEXT PRIMARY KEY NOT NULL,
    name TEXT NOT NULL UNIQUE
);

CREATE TABLE effects (
    id   TEXT PRIMARY KEY NOT NULL,
    name TEXT NOT NULL UNIQUE
);

CREATE TABLE apparel_types (
    id          TEXT PRIMARY KEY NOT NULL,
    name        TEXT NOT NULL UNIQUE,
    description TEXT
);

CREATE TABLE show_types (
    id          TEXT PRIMARY KEY NOT NULL,
    name        TEXT NOT NULL UNIQUE,
    description TEXT
);

CREATE TABLE products (
    id                TEXT PRIMARY KEY NOT NULL,
    sku               TEXT NOT NULL UNIQUE,
    title             TEXT NOT NULL,
    title_lower       TEXT NOT NULL,
    description       TEXT,
    case_price_cents  BIGINT NOT NULL CHECK (case_price_cents >= 0),
    is_show           BOOLEAN NOT NULL DEFAULT FALSE,
    is_apparel        BOOLEAN NOT NULL DEFAULT FALSE,
    in_stock          BOOLEAN NOT NULL DEFAULT TRUE,
    is_case_breakable BOOLEAN NOT NULL DEFAULT FALSE,
    brand_id          TEXT NOT NULL REFERENCES brands (id),
    category_id       TEXT NOT NULL REFERENCES categories (id),
    apparel_type_id   TEXT REFERENCES apparel_types (id),
    show_type_id      TEXT REFERENCES show_types (id),
    image             TEXT NOT NULL,
    video_url         TEXT,
    package           TEXT NOT NULL,
    created_on        TIMESTAMP NOT NULL,
    updated_on        TIMESTAMP NOT NULL,
    CHECK (NOT (is_show AND is_apparel))
);
CREATE INDEX idx_products_brand ON products (brand_id, title_lower, id);
CREATE INDEX idx_products_category ON products (category_id, title_lower, id);
CREATE INDEX idx_products_apparel_type ON products (apparel_type_id);
CREATE INDEX idx_products_show_type ON products (show_type_id);
-- Sorted, paged listings per catalogue (products / shows / apparel), with and without the
-- stock filter.
CREATE INDEX idx_products_kind_title_lower ON products (is_show, is_apparel, title_lower, id);
CREATE INDEX idx_products_kind_stock_title_lower ON products (is_show, is_apparel, in_stock, title_lower, id);
CREATE INDEX idx_products_kind_title ON products (is_show, is_apparel, title, id);

CREATE TABLE product_colors (
    product_id TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    color_id   TEXT NOT NULL REFERENCES colors (id),
    PRIMARY KEY (product_id, color_id)
);
CREATE INDEX idx_product_colors_color ON product_colors (color_id, product_id);

CREATE TABLE product_effects (
    product_id TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    effect_id  TEXT NOT NULL REFERENCES effects (id),
    PRIMARY KEY (product_id, effect_id)
);
CREATE INDEX idx_product_effects_effect ON product_effects (effect_id, product_id);

CREATE TABLE unit_products (
    id               TEXT PRIMARY KEY NOT NULL,
    product_id       TEXT NOT NULL UNIQUE REFERENCES products (id) ON DELETE CASCADE,
    sku              TEXT NOT NULL UNIQUE,
    unit_price_cents BIGINT NOT NULL CHECK (unit_price_cents >= 0),
    price_overridden BOOLEAN NOT NULL DEFAULT FALSE,
    package          TEXT NOT NULL,
    available_stock  INTEGER NOT NULL DEFAULT 0 CHECK (available_stock >= 0),
    available        BOOLEAN NOT NULL DEFAULT TRUE
);
-- Inventory views (low stock, out of stock).
CREATE INDEX idx_unit_products_stock ON unit_products (available_stock);

CREATE TABLE apparel_variants (
    id               TEXT PRIMARY KEY NOT NULL,
    product_id       TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    sku              TEXT NOT NULL UNIQUE,
    size             TEXT NOT NULL,
    gender           TEXT NOT NULL CHECK (gender IN ('MALE', 'FEMALE', 'UNISEX')),
    color_id         TEXT REFERENCES colors (id),
    -- color_id or '' so that the unique key below also covers variants without a colour.
    color_key        TEXT NOT NULL DEFAULT '',
    unit_price_cents BIGINT NOT NULL CHECK (unit_price_cents >= 0),
    available_stock  INTEGER NOT NULL DEFAULT 999 CHECK (available_stock >= 0),
    UNIQUE (product_id, size, gender, color_key)
);
CREATE INDEX idx_apparel_variants_size ON apparel_variants (size, product_id);
CREATE INDEX idx_apparel_variants_gender ON apparel_variants (gender, product_id);
CREATE INDEX idx_apparel_variants_color ON apparel_variants (color_id, product_id);

CREATE TABLE show_products (
    id         TEXT PRIMARY KEY NOT NULL,
    show_id    TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    product_id TEXT NOT NULL REFERENCES products (id),
    quantity   INTEGER NOT NULL CHECK (quantity >= 1),
    is_unit    BOOLEAN NOT NULL DEFAULT FALSE,
    notes      TEXT,
    UNIQUE (show_id, product_id, is_unit),
    CHECK (show_id <> product_id)
);
CREATE INDEX idx_show_products_product ON show_products (product_id);

CREATE TABLE cart_lines (
    id            TEXT PRIMARY KEY NOT NULL,
    cart_id       TEXT NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
    product_id    TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    variant_id    TEXT REFERENCES apparel_variants (id) ON DELETE CASCADE,
    -- variant_id or '' so that the unique key below also covers lines without a variant.
    variant_key   TEXT NOT NULL DEFAULT '',
    case_quantity INTEGER NOT NULL DEFAULT 0 CHECK (case_quantity >= 0),
    unit_quantity INTEGER NOT NULL DEFAULT 0 CHECK (unit_quantity >= 0),
    created_on    TIMESTAMP NOT NULL,
    UNIQUE (cart_id, product_id, variant_key)
);
CREATE INDEX idx_cart_lines_product ON cart_lines (product_id);
CREATE INDEX idx_cart_lines_variant ON cart_lines (variant_id);

CREATE TABLE terminals (
    id                          TEXT PRIMARY KEY NOT NULL,
    terminal_name               TEXT NOT NULL,
    company                     TEXT NOT NULL,
    address_id                  TEXT NOT NULL REFERENCES addresses (id),
    accept_out_of_state_licence BOOLEAN NOT NULL DEFAULT FALSE,
    business_required           BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE INDEX idx_terminals_address ON terminals (address_id);

CREATE TABLE orders (
    id                  TEXT PRIMARY KEY NOT NULL,
    user_id             TEXT NOT NULL REFERENCES users (id),
    status              TEXT NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'PROCESSING', 'COMPLETED', 'FAILED')),
    order_type          TEXT NOT NULL,
    ship_street1        TEXT NOT NULL,
    ship_street2        TEXT,
    ship_city           TEXT NOT NULL,
    ship_state          TEXT NOT NULL,
    ship_postal_code    TEXT NOT NULL,
    ship_to_terminal_id TEXT REFERENCES terminals (id),
    lift_gate           BOOLEAN NOT NULL DEFAULT FALSE,
    subtotal_cents      BIGINT NOT NULL CHECK (subtotal_cents >= 0),
    shipping_cents      BIGINT NOT NULL CHECK (shipping_cents >= 0),
    tax_cents           BIGINT NOT NULL CHECK (tax_cents >= 0),
    lift_gate_fee_cents BIGINT NOT NULL CHECK (lift_gate_fee_cents >= 0),
    grand_total_cents   BIGINT NOT NULL CHECK (grand_total_cents >= 0),
    checkout_token      TEXT NOT NULL UNIQUE,
    created_on          TIMESTAMP NOT NULL,
    updated_on          TIMESTAMP NOT NULL
);
CREATE INDEX idx_orders_user ON orders (user_id, created_on);
CREATE INDEX idx_orders_status ON orders (status, created_on);
CREATE INDEX idx_orders_created ON orders (created_on);
CREATE INDEX idx_orders_terminal ON orders (ship_to_terminal_id);

CREATE TABLE payment_sessions (
    id                  TEXT PRIMARY KEY NOT NULL,
    token               TEXT NOT NULL UNIQUE,
    user_id             TEXT NOT NULL REFERENCES users (id),
    cart_id             TEXT NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
    amount_cents        BIGINT NOT NULL CHECK (amount_cents >= 0),
    cart_fingerprint    TEXT NOT NULL,
    ship_to_terminal_id TEXT REFERENCES terminals (id),
    lift_gate           BOOLEAN NOT NULL DEFAULT FALSE,
    status              TEXT NOT NULL,
    card_last4          TEXT,
    order_id            TEXT REFERENCES orders (id),
    expires_at          TIMESTAMP NOT NULL,
    created_on          TIMESTAMP NOT NULL,
    updated_on          TIMESTAMP NOT NULL
);
CREATE INDEX idx_payment_sessions_user ON payment_sessions (user_id);
CREATE INDEX idx_payment_sessions_cart ON payment_sessions (cart_id);
CREATE INDEX idx_payment_sessions_order ON payment_sessions (order_id);
CREATE INDEX idx_payment_sessions_terminal ON payment_sessions (ship_to_terminal_id);

CREATE TABLE order_items (
    id                  TEXT PRIMARY KEY NOT NULL,
    order_id            TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    product_id          TEXT NOT NULL REFERENCES products (id),
    variant_id          TEXT REFERENCES apparel_variants (id),
    is_unit             BOOLEAN NOT NULL DEFAULT FALSE,
    quantity            INTEGER NOT NULL CHECK (quantity >= 1),
    unit_price_cents    BIGINT NOT NULL CHECK (unit_price_cents >= 0),
    item_subtotal_cents BIGINT NOT NULL CHECK (item_subtotal_cents >= 0),
    title               TEXT NOT NULL,
    sku                 TEXT NOT NULL
);
CREATE INDEX idx_order_items_order ON order_items (order_id);
CREATE INDEX idx_order_items_product ON order_items (product_id);
CREATE INDEX idx_order_items_variant ON order_items (variant_id);

CREATE TABLE order_status_history (
    id         TEXT PRIMARY KEY NOT NULL,
    order_id   TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    status     TEXT NOT NULL CHECK (status IN ('PENDING', 'PROCESSING', 'COMPLETED', 'FAILED')),
    changed_by TEXT REFERENCES users (id) ON DELETE SET NULL,
    changed_at TIMESTAMP NOT NULL
);
CREATE INDEX idx_order_status_history_order ON order_status_history (order_id, changed_at);
CREATE INDEX idx_order_status_history_changed_by ON order_status_history (changed_by);

CREATE TABLE case_break_requests (
    id             TEXT PRIMARY KEY NOT NULL,
    product_id     TEXT NOT NULL REFERENCES products (id),
    order_id       TEXT REFERENCES orders (id),
    quantity       INTEGER NOT NULL CHECK (quantity >= 1),
    quantity_added INTEGER CHECK (quantity_added >= 0),
    status         TEXT NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'COMPLETED', 'FAILED')),
    created_on     TIMESTAMP NOT NULL,
    updated_on     TIMESTAMP NOT NULL
);
CREATE INDEX idx_case_break_requests_status ON case_break_requests (status, created_on);
CREATE INDEX idx_case_break_requests_product ON case_break_requests (product_id);
CREATE INDEX idx_case_break_requests_order ON case_break_requests (order_id);

CREATE TABLE reports (
    id            TEXT PRIMARY KEY NOT NULL,
    report_type   TEXT NOT NULL,
    name          TEXT NOT NULL,
    description   TEXT,
    status        TEXT NOT NULL,
    parameters    TEXT,
    created_by    TEXT NOT NULL REFERENCES users (id),
    created_at    TIMESTAMP NOT NULL,
    completed_at  TIMESTAMP,
    file_url      TEXT,
    error_message TEXT
);
CREATE INDEX idx_reports_created ON reports (created_at);
CREATE INDEX idx_reports_created_by ON reports (created_by);

CREATE TABLE audit_log (
    id         TEXT PRIMARY KEY NOT NULL,
    actor_id   TEXT REFERENCES users (id) ON DELETE SET NULL,
    action     TEXT NOT NULL,
    entity     TEXT NOT NULL,
    entity_id  TEXT,
    details    TEXT,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX idx_audit_log_entity ON audit_log (entity, entity_id);
CREATE INDEX idx_audit_log_created ON audit_log (created_at);
CREATE INDEX idx_audit_log_actor ON audit_log (actor_id);
