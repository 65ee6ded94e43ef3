--
-- PostgreSQL database dump
--
SET statement_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET client_min_messages = warning;

CREATE SCHEMA sales;
CREATE SCHEMA inventory;
CREATE SCHEMA hr;

CREATE TYPE sales.order_status AS ENUM ('pending', 'confirmed', 'shipped', 'delivered', 'cancelled');
CREATE DOMAIN public.positive_money AS numeric(12,2) CONSTRAINT positive_money_check CHECK ((VALUE >= (0)::numeric));
CREATE DOMAIN public.email_address AS character varying(254) CONSTRAINT email_address_check CHECK (((VALUE)::text ~* '^[^@\s]+@[^@\s]+\.[^@\s]+$'::text));

CREATE FUNCTION public.set_updated_at() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END;
$$;

SET default_tablespace = '';

CREATE TABLE hr.departments (
    department_id integer NOT NULL,
    name character varying(60) NOT NULL,
    cost_center character(6) NOT NULL,
    parent_department_id integer
);

CREATE TABLE hr.employees (
    employee_id integer GENERATED ALWAYS AS IDENTITY,
    department_id integer NOT NULL,
    manager_id integer,
    first_name character varying(40) NOT NULL,
    last_name character varying(40) NOT NULL,
    email public.email_address NOT NULL,
    hire_date date NOT NULL,
    termination_date date,
    salary public.positive_money NOT NULL,
    full_name text GENERATED ALWAYS AS ((((first_name)::text || ' '::text) || (last_name)::text)) STORED,
    CONSTRAINT employees_dates_check CHECK (((termination_date IS NULL) OR (termination_date > hire_date)))
);

CREATE TABLE inventory.warehouses (
    warehouse_code character varying(8) NOT NULL,
    name character varying(100) NOT NULL,
    city character varying(80),
    country character(2) DEFAULT 'US'::bpchar NOT NULL
);

CREATE TABLE inventory.products (
    product_id bigint NOT NULL,
    sku character varying(32) NOT NULL,
    name character varying(200) NOT NULL,
    description text,
    list_price public.positive_money NOT NULL,
    weight_grams integer,
    discontinued boolean DEFAULT false NOT NULL,
    attributes jsonb,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT products_weight_grams_check CHECK ((weight_grams > 0))
);

CREATE SEQUENCE inventory.products_product_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE inventory.products_product_id_seq OWNED BY inventory.products.product_id;

CREATE TABLE inventory.stock_levels (
    warehouse_code character varying(8) NOT NULL,
    product_id bigint NOT NULL,
    quantity_on_hand integer DEFAULT 0 NOT NULL,
    reorder_point integer DEFAULT 10 NOT NULL,
    CONSTRAINT stock_levels_quantity_on_hand_check CHECK ((quantity_on_hand >= 0))
);

CREATE TABLE sales.customers (
    customer_id uuid DEFAULT gen_random_uuid() NOT NULL,
    company_name character varying(150),
    contact_email public.email_address,
    phone character varying(30),
    tax_number character varying(20),
    account_manager_id integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE sales.orders (
    order_id bigint NOT NULL,
    customer_id uuid NOT NULL,
    order_date date NOT NULL,
    status sales.order_status DEFAULT 'pending'::sales.order_status NOT NULL,
    ship_to_warehouse character varying(8),
    total public.positive_money DEFAULT 0 NOT NULL
)
PARTITION BY RANGE (order_date);

CREATE TABLE sales.orders_2024 (
    order_id bigint NOT NULL,
    customer_id uuid NOT NULL,
    order_date date NOT NULL,
    status sales.order_status DEFAULT 'pending'::sales.order_status NOT NULL,
    ship_to_warehouse character varying(8),
    total public.positive_money DEFAULT 0 NOT NULL
);
ALTER TABLE ONLY sales.orders ATTACH PARTITION sales.orders_2024 FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');

CREATE TABLE sales.orders_2025 (
    order_id bigint NOT NULL,
    customer_id uuid NOT NULL,
    order_date date NOT NULL,
    status sales.order_status DEFAULT 'pending'::sales.order_status NOT NULL,
    ship_to_warehouse character varying(8),
    total public.positive_money DEFAULT 0 NOT NULL
);
ALTER TABLE ONLY sales.orders ATTACH PARTITION sales.orders_2025 FOR VALUES FROM ('2025-01-01') TO ('2026-01-01');

CREATE TABLE sales.order_lines (
    order_id bigint NOT NULL,
    order_date date NOT NULL,
    line_number smallint NOT NULL,
    product_id bigint NOT NULL,
    quantity integer NOT NULL,
    unit_price public.positive_money NOT NULL,
    discount_pct numeric(5,2) DEFAULT 0 NOT NULL,
    CONSTRAINT order_lines_discount_pct_check CHECK (((discount_pct >= (0)::numeric) AND (discount_pct <= (100)::numeric))),
    CONSTRAINT order_lines_quantity_check CHECK ((quantity > 0))
);

ALTER TABLE ONLY inventory.products ALTER COLUMN product_id SET DEFAULT nextval('inventory.products_product_id_seq'::regclass);

ALTER TABLE ONLY hr.departments ADD CONSTRAINT departments_pkey PRIMARY KEY (department_id);
ALTER TABLE ONLY hr.departments ADD CONSTRAINT departments_cost_center_key UNIQUE (cost_center);
ALTER TABLE ONLY hr.employees ADD CONSTRAINT employees_pkey PRIMARY KEY (employee_id);
ALTER TABLE ONLY hr.employees ADD CONSTRAINT employees_email_key UNIQUE (email);
ALTER TABLE ONLY inventory.warehouses ADD CONSTRAINT warehouses_pkey PRIMARY KEY (warehouse_code);
ALTER TABLE ONLY inventory.products ADD CONSTRAINT products_pkey PRIMARY KEY (product_id);
ALTER TABLE ONLY inventory.products ADD CONSTRAINT products_sku_key UNIQUE (sku);
ALTER TABLE ONLY inventory.stock_levels ADD CONSTRAINT stock_levels_pkey PRIMARY KEY (warehouse_code, product_id);
ALTER TABLE ONLY sales.customers ADD CONSTRAINT customers_pkey PRIMARY KEY (customer_id);
ALTER TABLE ONLY sales.customers ADD CONSTRAINT customers_tax_number_key UNIQUE (tax_number);
ALTER TABLE ONLY sales.orders ADD CONSTRAINT orders_pkey PRIMARY KEY (order_id, order_date);
ALTER TABLE ONLY sales.orders_2024 ADD CONSTRAINT orders_2024_pkey PRIMARY KEY (order_id, order_date);
ALTER TABLE ONLY sales.orders_2025 ADD CONSTRAINT orders_2025_pkey PRIMARY KEY (order_id, order_date);
ALTER TABLE ONLY sales.order_lines ADD CONSTRAINT order_lines_pkey PRIMARY KEY (order_id, order_date, line_number);

ALTER INDEX sales.orders_pkey ATTACH PARTITION sales.orders_2024_pkey;
ALTER INDEX sales.orders_pkey ATTACH PARTITION sales.orders_2025_pkey;

CREATE INDEX employees_department_id_idx ON hr.employees USING btree (department_id);
CREATE UNIQUE INDEX customers_lower_email_idx ON sales.customers USING btree (lower((contact_email)::text));

CREATE TRIGGER products_set_updated_at BEFORE UPDATE ON inventory.products FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();

ALTER TABLE ONLY hr.departments ADD CONSTRAINT departments_parent_fkey FOREIGN KEY (parent_department_id) REFERENCES hr.departments(department_id);
ALTER TABLE ONLY hr.employees ADD CONSTRAINT employees_department_id_fkey FOREIGN KEY (department_id) REFERENCES hr.departments(department_id);
ALTER TABLE ONLY hr.employees ADD CONSTRAINT employees_manager_id_fkey FOREIGN KEY (manager_id) REFERENCES hr.employees(employee_id);
ALTER TABLE ONLY inventory.stock_levels ADD CONSTRAINT stock_levels_warehouse_code_fkey FOREIGN KEY (warehouse_code) REFERENCES inventory.warehouses(warehouse_code);
ALTER TABLE ONLY inventory.stock_levels ADD CONSTRAINT stock_levels_product_id_fkey FOREIGN KEY (product_id) REFERENCES inventory.products(product_id) ON DELETE CASCADE;
ALTER TABLE ONLY sales.customers ADD CONSTRAINT customers_account_manager_id_fkey FOREIGN KEY (account_manager_id) REFERENCES hr.employees(employee_id);
ALTER TABLE sales.orders ADD CONSTRAINT orders_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES sales.customers(customer_id);
ALTER TABLE sales.orders ADD CONSTRAINT orders_ship_to_warehouse_fkey FOREIGN KEY (ship_to_warehouse) REFERENCES inventory.warehouses(warehouse_code);
ALTER TABLE ONLY sales.order_lines ADD CONSTRAINT order_lines_order_fkey FOREIGN KEY (order_id, order_date) REFERENCES sales.orders(order_id, order_date) ON DELETE CASCADE;
ALTER TABLE ONLY sales.order_lines ADD CONSTRAINT order_lines_product_id_fkey FOREIGN KEY (product_id) REFERENCES inventory.products(product_id);
