SET statement_timeout = 0;
SET lock_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET client_min_messages = warning;

SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: ar_internal_metadata; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.ar_internal_metadata (
    key character varying NOT NULL,
    value character varying,
    created_at timestamp(6) without time zone NOT NULL,
    updated_at timestamp(6) without time zone NOT NULL
);

--
-- Name: spree_countries; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.spree_countries (
    id integer NOT NULL,
    iso_name character varying, -- @ location.country
    iso character varying, -- @ location.countryCode
    iso3 character varying, -- @ location.countryCode
    name character varying, -- @ location.country
    numcode integer, -- @ $INT 4..894
    states_required boolean DEFAULT false,
    updated_at timestamp(6) without time zone,
    zipcode_required boolean DEFAULT true
);


--
-- Name: spree_countries_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.spree_countries_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


ALTER SEQUENCE public.spree_countries_id_seq OWNED BY public.spree_countries.id;

--
-- Name: spree_states; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.spree_states (
    id integer NOT NULL,
    name character varying, -- @ $STATE
    abbr character varying, -- @ location.stateAbbr
    country_id integer, -- @ ref
    updated_at timestamp(6) without time zone,
    created_at timestamp(6) without time zone
);


--
-- Name: spree_states_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.spree_states_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


ALTER SEQUENCE public.spree_states_id_seq OWNED BY public.spree_states.id;

--
-- Name: spree_users; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.spree_users (
    id integer NOT NULL,
    encrypted_password character varying(128), -- @ $HASH
    password_salt character varying(128), -- @ $HASH
    email character varying, -- @ internet.email
    remember_token character varying, -- @ $TOKEN
    persistence_token character varying, -- @ $TOKEN
    reset_password_token character varying, -- @ $TOKEN
    perishable_token character varying, -- @ $TOKEN
    sign_in_count integer DEFAULT 0 NOT NULL, -- @ $INT 0..500
    failed_attempts integer DEFAULT 0 NOT NULL, -- @ $INT 0..10
    last_request_at timestamp without time zone,
    current_sign_in_at timestamp without time zone,
    current_sign_in_ip character varying, -- @ $IP
    login character varying, -- @ internet.username|internet.email
    spree_api_key character varying(48), -- @ $TOKEN
    unlock_token character varying, -- @ $TOKEN
    locked_at timestamp without time zone,
    created_at timestamp(6) without time zone NOT NULL,
    updated_at timestamp(6) without time zone NOT NULL
);


--
-- Name: spree_users_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.spree_users_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


ALTER SEQUENCE public.spree_users_id_seq OWNED BY public.spree_users.id;

--
-- Name: spree_products; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.spree_products (
    id integer NOT NULL,
    name character varying DEFAULT ''::character varying NOT NULL, -- @ commerce.productName
    description text, -- @ $TEXT
    available_on timestamp without time zone,
    deleted_at timestamp without time zone,
    slug character varying, -- @ lorem.slug
    meta_description text, -- @ $TEXT
    meta_keywords character varying, -- @ $WORDS|lorem.words
    promotionable boolean DEFAULT true,
    meta_title character varying, -- @ $TITLE|commerce.productName
    created_at timestamp(6) without time zone NOT NULL,
    updated_at timestamp(6) without time zone NOT NULL
);


--
-- Name: spree_products_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.spree_products_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


ALTER SEQUENCE public.spree_products_id_seq OWNED BY public.spree_products.id;

--
-- Name: spree_variants; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.spree_variants (
    id integer NOT NULL,
    sku character varying DEFAULT ''::character varying NOT NULL, -- @ $CODE
    weight numeric(8,2) DEFAULT 0.0, -- @ $NUM 0..50
    height numeric(8,2), -- @ $NUM 0..200
    width numeric(8,2), -- @ $NUM 0..200
    depth numeric(8,2), -- @ $NUM 0..200
    deleted_at timestamp without time zone,
    is_master boolean DEFAULT false,
    product_id integer, -- @ ref
    cost_price numeric(10,2), -- @ $MONEY 0.5..5000
    position integer, -- @ $INT 1..100
    cost_currency character varying, -- @ finance.currencyCode
    track_inventory boolean DEFAULT true,
    updated_at timestamp(6) without time zone,
    created_at timestamp(6) without time zone
);


--
-- Name: spree_variants_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.spree_variants_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


ALTER SEQUENCE public.spree_variants_id_seq OWNED BY public.spree_variants.id;

--
-- Name: spree_prices; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.spree_prices (
    id integer NOT NULL,
    variant_id integer NOT NULL, -- @ ref
    amount numeric(10,2), -- @ $MONEY 0.5..5000
    currency character varying, -- @ finance.currencyCode
    deleted_at timestamp without time zone,
    country_iso character varying(2), -- @ location.countryCode
    created_at timestamp(6) without time zone NOT NULL,
    updated_at timestamp(6) without time zone NOT NULL
);


--
-- Name: spree_prices_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.spree_prices_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


ALTER SEQUENCE public.spree_prices_id_seq OWNED BY public.spree_prices.id;

--
-- Name: spree_orders; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.spree_orders (
    id integer NOT NULL,
    number character varying(32), -- @ $CODE
    item_total numeric(10,2) DEFAULT 0.0 NOT NULL, -- @ $MONEY 1..10000
    total numeric(10,2) DEFAULT 0.0 NOT NULL, -- @ $MONEY 1..10000
    state character varying, -- @ weighted
    adjustment_total numeric(10,2) DEFAULT 0.0 NOT NULL, -- @ $MONEY -500..500
    user_id integer, -- @ ref
    completed_at timestamp without time zone,
    payment_total numeric(10,2) DEFAULT 0.0, -- @ $MONEY 0..10000
    shipment_state character varying, -- @ weighted
    payment_state character varying, -- @ weighted
    email character varying, -- @ internet.email
    special_instructions text, -- @ $TEXT
    currency character varying, -- @ finance.currencyCode
    last_ip_address character varying, -- @ $IP
    shipment_total numeric(10,2) DEFAULT 0.0 NOT NULL, -- @ $MONEY 0..200
    additional_tax_total numeric(10,2) DEFAULT 0.0, -- @ $MONEY 0..1000
    promo_total numeric(10,2) DEFAULT 0.0, -- @ $MONEY -500..0
    channel character varying DEFAULT 'spree'::character varying, -- @ weighted
    item_count integer DEFAULT 0, -- @ $INT 0..50
    guest_token character varying, -- @ $TOKEN
    frontend_viewable boolean DEFAULT true NOT NULL,
    created_at timestamp(6) without time zone NOT NULL,
    updated_at timestamp(6) without time zone NOT NULL
);


--
-- Name: spree_orders_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.spree_orders_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


ALTER SEQUENCE public.spree_orders_id_seq OWNED BY public.spree_orders.id;

--
-- Name: spree_line_items; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.spree_line_items (
    id integer NOT NULL,
    variant_id integer, -- @ ref
    order_id integer, -- @ ref
    quantity integer NOT NULL, -- @ $INT 1..20
    price numeric(10,2) NOT NULL, -- @ $MONEY 0.5..5000
    cost_price numeric(10,2), -- @ $MONEY 0.5..5000
    adjustment_total numeric(10,2) DEFAULT 0.0, -- @ $MONEY -500..500
    additional_tax_total numeric(10,2) DEFAULT 0.0, -- @ $MONEY 0..1000
    promo_total numeric(10,2) DEFAULT 0.0, -- @ $MONEY -500..0
    included_tax_total numeric(10,2) DEFAULT 0.0 NOT NULL, -- @ $MONEY 0..1000
    created_at timestamp(6) without time zone NOT NULL,
    updated_at timestamp(6) without time zone NOT NULL
);


--
-- Name: spree_line_items_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.spree_line_items_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


ALTER SEQUENCE public.spree_line_items_id_seq OWNED BY public.spree_line_items.id;

--
-- Name: spree_payment_methods; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.spree_payment_methods (
    id integer NOT NULL,
    type character varying, -- @ weighted
    name character varying,
    description text, -- @ $TEXT
    active boolean DEFAULT true,
    auto_capture boolean,
    preferences text, -- @ $JSON
    preference_source character varying,
    position integer DEFAULT 0, -- @ $INT 0..100
    created_at timestamp(6) without time zone NOT NULL,
    updated_at timestamp(6) without time zone NOT NULL
);


--
-- Name: spree_payment_methods_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.spree_payment_methods_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


ALTER SEQUENCE public.spree_payment_methods_id_seq OWNED BY public.spree_payment_methods.id;

--
-- Name: spree_credit_cards; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.spree_credit_cards (
    id integer NOT NULL,
    month integer, -- @ $INT 1..12
    year integer, -- @ $INT 2024..2035
    cc_type character varying, -- @ finance.creditCardIssuer|weighted
    last_digits character varying, -- @ string.numeric
    gateway_customer_profile_id character varying, -- @ $CODE|$TOKEN
    gateway_payment_profile_id character varying, -- @ $CODE|$TOKEN
    name character varying, -- @ person.fullName
    user_id integer, -- @ ref
    payment_method_id integer, -- @ ref
    "default" boolean DEFAULT false NOT NULL,
    created_at timestamp(6) without time zone NOT NULL,
    updated_at timestamp(6) without time zone NOT NULL
);


--
-- Name: spree_credit_cards_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.spree_credit_cards_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


ALTER SEQUENCE public.spree_credit_cards_id_seq OWNED BY public.spree_credit_cards.id;

--
-- Name: spree_payments; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.spree_payments (
    id integer NOT NULL,
    amount numeric(10,2) DEFAULT 0.0 NOT NULL, -- @ $MONEY 0.5..10000
    order_id integer, -- @ ref
    source_type character varying, -- @ weighted
    source_id integer, -- @ $INT|ref
    payment_method_id integer, -- @ ref
    state character varying, -- @ weighted
    response_code character varying, -- @ $CODE|$TOKEN
    avs_response character varying, -- @ weighted|$CODE
    number character varying, -- @ $CODE
    cvv_response_code character varying, -- @ weighted|$CODE
    cvv_response_message character varying, -- @ $TEXT|weighted
    created_at timestamp(6) without time zone NOT NULL,
    updated_at timestamp(6) without time zone NOT NULL
);


--
-- Name: spree_payments_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.spree_payments_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


ALTER SEQUENCE public.spree_payments_id_seq OWNED BY public.spree_payments.id;

--
-- Name: spree_shipments; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.spree_shipments (
    id integer NOT NULL,
    tracking character varying, -- @ $CODE
    number character varying, -- @ $CODE
    cost numeric(10,2) DEFAULT 0.0, -- @ $MONEY 0..200
    shipped_at timestamp without time zone,
    order_id integer, -- @ ref
    state character varying, -- @ weighted
    stock_location_id integer, -- @ ref
    created_at timestamp(6) without time zone NOT NULL,
    updated_at timestamp(6) without time zone NOT NULL
);


--
-- Name: spree_shipments_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.spree_shipments_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


ALTER SEQUENCE public.spree_shipments_id_seq OWNED BY public.spree_shipments.id;

--
-- Name: spree_stock_locations; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.spree_stock_locations (
    id integer NOT NULL,
    name character varying,
    "default" boolean DEFAULT false NOT NULL,
    address1 character varying, -- @ location.streetAddress
    address2 character varying, -- @ location.secondaryAddress
    city character varying, -- @ location.city
    state_id integer, -- @ ref
    state_name character varying, -- @ $STATE
    country_id integer, -- @ ref
    zipcode character varying, -- @ $ZIP
    phone character varying, -- @ $PHONE
    active boolean DEFAULT true,
    code character varying, -- @ $CODE
    created_at timestamp(6) without time zone NOT NULL,
    updated_at timestamp(6) without time zone NOT NULL
);


--
-- Name: spree_stock_locations_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.spree_stock_locations_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


ALTER SEQUENCE public.spree_stock_locations_id_seq OWNED BY public.spree_stock_locations.id;

--
-- Name: spree_promotions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.spree_promotions (
    id integer NOT NULL,
    description character varying, -- @ $TEXT
    expires_at timestamp without time zone,
    starts_at timestamp without time zone,
    name character varying,
    type character varying,
    usage_limit integer, -- @ $INT 1..10000
    match_policy character varying DEFAULT 'all'::character varying, -- @ weighted
    code character varying, -- @ $CODE
    advertise boolean DEFAULT false,
    path character varying, -- @ $URL|system.filePath|lorem.slug
    created_at timestamp(6) without time zone NOT NULL,
    updated_at timestamp(6) without time zone NOT NULL
);


--
-- Name: spree_promotions_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.spree_promotions_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


ALTER SEQUENCE public.spree_promotions_id_seq OWNED BY public.spree_promotions.id;

--
-- Name: spree_tax_rates; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.spree_tax_rates (
    id integer NOT NULL,
    amount numeric(8,5), -- @ $NUM 0..0.3
    zone_id integer, -- @ $INT
    tax_category_id integer, -- @ $INT
    included_in_price boolean DEFAULT false,
    name character varying,
    show_rate_in_label boolean DEFAULT true,
    created_at timestamp(6) without time zone NOT NULL,
    updated_at timestamp(6) without time zone NOT NULL
);


--
-- Name: spree_tax_rates_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.spree_tax_rates_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


ALTER SEQUENCE public.spree_tax_rates_id_seq OWNED BY public.spree_tax_rates.id;

CREATE TABLE public.schema_migrations (
    version character varying NOT NULL
);

ALTER TABLE ONLY public.spree_countries ALTER COLUMN id SET DEFAULT nextval('public.spree_countries_id_seq'::regclass);
ALTER TABLE ONLY public.spree_states ALTER COLUMN id SET DEFAULT nextval('public.spree_states_id_seq'::regclass);
ALTER TABLE ONLY public.spree_users ALTER COLUMN id SET DEFAULT nextval('public.spree_users_id_seq'::regclass);
ALTER TABLE ONLY public.spree_products ALTER COLUMN id SET DEFAULT nextval('public.spree_products_id_seq'::regclass);
ALTER TABLE ONLY public.spree_variants ALTER COLUMN id SET DEFAULT nextval('public.spree_variants_id_seq'::regclass);
ALTER TABLE ONLY public.spree_prices ALTER COLUMN id SET DEFAULT nextval('public.spree_prices_id_seq'::regclass);
ALTER TABLE ONLY public.spree_orders ALTER COLUMN id SET DEFAULT nextval('public.spree_orders_id_seq'::regclass);
ALTER TABLE ONLY public.spree_line_items ALTER COLUMN id SET DEFAULT nextval('public.spree_line_items_id_seq'::regclass);
ALTER TABLE ONLY public.spree_payment_methods ALTER COLUMN id SET DEFAULT nextval('public.spree_payment_methods_id_seq'::regclass);
ALTER TABLE ONLY public.spree_credit_cards ALTER COLUMN id SET DEFAULT nextval('public.spree_credit_cards_id_seq'::regclass);
ALTER TABLE ONLY public.spree_payments ALTER COLUMN id SET DEFAULT nextval('public.spree_payments_id_seq'::regclass);
ALTER TABLE ONLY public.spree_shipments ALTER COLUMN id SET DEFAULT nextval('public.spree_shipments_id_seq'::regclass);
ALTER TABLE ONLY public.spree_stock_locations ALTER COLUMN id SET DEFAULT nextval('public.spree_stock_locations_id_seq'::regclass);
ALTER TABLE ONLY public.spree_promotions ALTER COLUMN id SET DEFAULT nextval('public.spree_promotions_id_seq'::regclass);
ALTER TABLE ONLY public.spree_tax_rates ALTER COLUMN id SET DEFAULT nextval('public.spree_tax_rates_id_seq'::regclass);

ALTER TABLE ONLY public.ar_internal_metadata
    ADD CONSTRAINT ar_internal_metadata_pkey PRIMARY KEY (key);

ALTER TABLE ONLY public.spree_countries
    ADD CONSTRAINT spree_countries_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.spree_states
    ADD CONSTRAINT spree_states_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.spree_users
    ADD CONSTRAINT spree_users_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.spree_products
    ADD CONSTRAINT spree_products_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.spree_variants
    ADD CONSTRAINT spree_variants_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.spree_prices
    ADD CONSTRAINT spree_prices_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.spree_orders
    ADD CONSTRAINT spree_orders_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.spree_line_items
    ADD CONSTRAINT spree_line_items_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.spree_payment_methods
    ADD CONSTRAINT spree_payment_methods_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.spree_credit_cards
    ADD CONSTRAINT spree_credit_cards_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.spree_payments
    ADD CONSTRAINT spree_payments_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.spree_shipments
    ADD CONSTRAINT spree_shipments_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.spree_stock_locations
    ADD CONSTRAINT spree_stock_locations_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.spree_promotions
    ADD CONSTRAINT spree_promotions_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.spree_tax_rates
    ADD CONSTRAINT spree_tax_rates_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.schema_migrations
    ADD CONSTRAINT schema_migrations_pkey PRIMARY KEY (version);

CREATE UNIQUE INDEX email_idx_unique ON public.spree_users USING btree (email);
CREATE UNIQUE INDEX index_spree_orders_on_number ON public.spree_orders USING btree (number);
CREATE UNIQUE INDEX index_spree_products_on_slug ON public.spree_products USING btree (slug);
CREATE UNIQUE INDEX index_spree_payments_on_number ON public.spree_payments USING btree (number);
CREATE UNIQUE INDEX index_spree_shipments_on_number ON public.spree_shipments USING btree (number);
CREATE UNIQUE INDEX index_spree_promotions_on_code ON public.spree_promotions USING btree (code);
CREATE INDEX index_spree_payments_on_source_id_and_source_type ON public.spree_payments USING btree (source_id, source_type);
CREATE INDEX index_spree_variants_on_sku ON public.spree_variants USING btree (sku);
CREATE INDEX index_spree_prices_on_variant_id_and_currency ON public.spree_prices USING btree (variant_id, currency);

ALTER TABLE ONLY public.spree_states
    ADD CONSTRAINT fk_rails_c8faf6adc2 FOREIGN KEY (country_id) REFERENCES public.spree_countries(id);

ALTER TABLE ONLY public.spree_variants
    ADD CONSTRAINT fk_rails_3f3832c7e1 FOREIGN KEY (product_id) REFERENCES public.spree_products(id);

ALTER TABLE ONLY public.spree_prices
    ADD CONSTRAINT fk_rails_054aacb9f4 FOREIGN KEY (variant_id) REFERENCES public.spree_variants(id);

ALTER TABLE ONLY public.spree_orders
    ADD CONSTRAINT fk_rails_018708a161 FOREIGN KEY (user_id) REFERENCES public.spree_users(id);

ALTER TABLE ONLY public.spree_line_items
    ADD CONSTRAINT fk_rails_14f979332f FOREIGN KEY (variant_id) REFERENCES public.spree_variants(id);

ALTER TABLE ONLY public.spree_line_items
    ADD CONSTRAINT fk_rails_0e6dbbcd85 FOREIGN KEY (order_id) REFERENCES public.spree_orders(id);

ALTER TABLE ONLY public.spree_credit_cards
    ADD CONSTRAINT fk_rails_b8141239f3 FOREIGN KEY (user_id) REFERENCES public.spree_users(id);

ALTER TABLE ONLY public.spree_credit_cards
    ADD CONSTRAINT fk_rails_02e0f6f009 FOREIGN KEY (payment_method_id) REFERENCES public.spree_payment_methods(id);

ALTER TABLE ONLY public.spree_payments
    ADD CONSTRAINT fk_rails_2129e550ed FOREIGN KEY (order_id) REFERENCES public.spree_orders(id);

ALTER TABLE ONLY public.spree_payments
    ADD CONSTRAINT fk_rails_b4124179b4 FOREIGN KEY (payment_method_id) REFERENCES public.spree_payment_methods(id);

ALTER TABLE ONLY public.spree_shipments
    ADD CONSTRAINT fk_rails_60bae85791 FOREIGN KEY (order_id) REFERENCES public.spree_orders(id);

ALTER TABLE ONLY public.spree_shipments
    ADD CONSTRAINT fk_rails_f417e295fd FOREIGN KEY (stock_location_id) REFERENCES public.spree_stock_locations(id);

ALTER TABLE ONLY public.spree_stock_locations
    ADD CONSTRAINT fk_rails_0356c345e8 FOREIGN KEY (state_id) REFERENCES public.spree_states(id);

ALTER TABLE ONLY public.spree_stock_locations
    ADD CONSTRAINT fk_rails_564fd8b989 FOREIGN KEY (country_id) REFERENCES public.spree_countries(id);

SET search_path TO "$user", public;

INSERT INTO "schema_migrations" (version) VALUES
('20230308101500'),
('20230512093000'),
('20240110120000');

