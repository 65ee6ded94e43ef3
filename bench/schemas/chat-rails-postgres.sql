SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

CREATE EXTENSION IF NOT EXISTS citext WITH SCHEMA public;
CREATE EXTENSION IF NOT EXISTS pgcrypto WITH SCHEMA public;

SET default_tablespace = '';
SET default_table_access_method = heap;

CREATE TABLE public.ar_internal_metadata (
    key character varying NOT NULL,
    value character varying,
    created_at timestamp(6) without time zone NOT NULL,
    updated_at timestamp(6) without time zone NOT NULL
);

CREATE TABLE public.schema_migrations (
    version character varying NOT NULL
);

CREATE TABLE public.accounts (
    id bigint NOT NULL,
    name character varying(80) NOT NULL,
    slug character varying(40) NOT NULL,
    plan character varying DEFAULT 'free'::character varying NOT NULL,
    settings jsonb DEFAULT '{}'::jsonb NOT NULL,
    created_at timestamp(6) without time zone NOT NULL,
    updated_at timestamp(6) without time zone NOT NULL,
    CONSTRAINT accounts_plan_check CHECK (((plan)::text = ANY ((ARRAY['free'::character varying, 'pro'::character varying, 'enterprise'::character varying])::text[])))
);

CREATE SEQUENCE public.accounts_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.accounts_id_seq OWNED BY public.accounts.id;

CREATE TABLE public.users (
    id bigint NOT NULL,
    account_id bigint NOT NULL,
    email public.citext NOT NULL,
    username character varying(30),
    display_name character varying(60),
    encrypted_password character varying DEFAULT ''::character varying NOT NULL,
    reset_password_token character varying,
    reset_password_sent_at timestamp without time zone,
    sign_in_count integer DEFAULT 0 NOT NULL,
    current_sign_in_ip inet,
    locale character varying(5) DEFAULT 'en'::character varying,
    time_zone character varying DEFAULT 'UTC'::character varying,
    avatar_url text,
    role integer DEFAULT 0 NOT NULL,
    confirmed_at timestamp without time zone,
    deleted_at timestamp without time zone,
    created_at timestamp(6) without time zone NOT NULL,
    updated_at timestamp(6) without time zone NOT NULL,
    CONSTRAINT users_role_check CHECK ((role >= 0) AND (role <= 3))
);

CREATE SEQUENCE public.users_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.users_id_seq OWNED BY public.users.id;

CREATE TABLE public.channels (
    id bigint NOT NULL,
    account_id bigint NOT NULL,
    name character varying(50) NOT NULL,
    topic character varying(250),
    private boolean DEFAULT false NOT NULL,
    archived_at timestamp without time zone,
    creator_id bigint,
    created_at timestamp(6) without time zone NOT NULL,
    updated_at timestamp(6) without time zone NOT NULL
);

CREATE SEQUENCE public.channels_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.channels_id_seq OWNED BY public.channels.id;

CREATE TABLE public.memberships (
    id bigint NOT NULL,
    channel_id bigint NOT NULL,
    user_id bigint NOT NULL,
    role character varying(10) DEFAULT 'member'::character varying NOT NULL,
    last_read_at timestamp without time zone,
    muted boolean DEFAULT false NOT NULL,
    created_at timestamp(6) without time zone NOT NULL,
    updated_at timestamp(6) without time zone NOT NULL
);

CREATE SEQUENCE public.memberships_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.memberships_id_seq OWNED BY public.memberships.id;

CREATE TABLE public.messages (
    id bigint NOT NULL,
    channel_id bigint NOT NULL,
    user_id bigint,
    parent_id bigint,
    body text NOT NULL,
    body_html text,
    edited_at timestamp without time zone,
    pinned boolean DEFAULT false NOT NULL,
    client_uuid uuid,
    created_at timestamp(6) without time zone NOT NULL,
    updated_at timestamp(6) without time zone NOT NULL,
    CONSTRAINT messages_body_length CHECK ((char_length(body) <= 4000))
);

CREATE SEQUENCE public.messages_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.messages_id_seq OWNED BY public.messages.id;

CREATE TABLE public.reactions (
    id bigint NOT NULL,
    message_id bigint NOT NULL,
    user_id bigint NOT NULL,
    emoji character varying(32) NOT NULL,
    created_at timestamp(6) without time zone NOT NULL
);

CREATE SEQUENCE public.reactions_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.reactions_id_seq OWNED BY public.reactions.id;

CREATE TABLE public.attachments (
    id bigint NOT NULL,
    record_type character varying NOT NULL,
    record_id bigint NOT NULL,
    filename character varying NOT NULL,
    content_type character varying,
    byte_size bigint NOT NULL,
    checksum character varying,
    created_at timestamp(6) without time zone NOT NULL
);

CREATE SEQUENCE public.attachments_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.attachments_id_seq OWNED BY public.attachments.id;

ALTER TABLE ONLY public.accounts ALTER COLUMN id SET DEFAULT nextval('public.accounts_id_seq'::regclass);
ALTER TABLE ONLY public.users ALTER COLUMN id SET DEFAULT nextval('public.users_id_seq'::regclass);
ALTER TABLE ONLY public.channels ALTER COLUMN id SET DEFAULT nextval('public.channels_id_seq'::regclass);
ALTER TABLE ONLY public.memberships ALTER COLUMN id SET DEFAULT nextval('public.memberships_id_seq'::regclass);
ALTER TABLE ONLY public.messages ALTER COLUMN id SET DEFAULT nextval('public.messages_id_seq'::regclass);
ALTER TABLE ONLY public.reactions ALTER COLUMN id SET DEFAULT nextval('public.reactions_id_seq'::regclass);
ALTER TABLE ONLY public.attachments ALTER COLUMN id SET DEFAULT nextval('public.attachments_id_seq'::regclass);

ALTER TABLE ONLY public.ar_internal_metadata ADD CONSTRAINT ar_internal_metadata_pkey PRIMARY KEY (key);
ALTER TABLE ONLY public.schema_migrations ADD CONSTRAINT schema_migrations_pkey PRIMARY KEY (version);
ALTER TABLE ONLY public.accounts ADD CONSTRAINT accounts_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.users ADD CONSTRAINT users_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.channels ADD CONSTRAINT channels_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.memberships ADD CONSTRAINT memberships_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.messages ADD CONSTRAINT messages_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.reactions ADD CONSTRAINT reactions_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.attachments ADD CONSTRAINT attachments_pkey PRIMARY KEY (id);

CREATE UNIQUE INDEX index_accounts_on_slug ON public.accounts USING btree (slug);
CREATE UNIQUE INDEX index_users_on_email ON public.users USING btree (email);
CREATE UNIQUE INDEX index_users_on_account_id_and_username ON public.users USING btree (account_id, username);
CREATE UNIQUE INDEX index_users_on_reset_password_token ON public.users USING btree (reset_password_token);
CREATE INDEX index_users_on_account_id ON public.users USING btree (account_id);
CREATE UNIQUE INDEX index_channels_on_account_id_and_name ON public.channels USING btree (account_id, name) WHERE (archived_at IS NULL);
CREATE UNIQUE INDEX index_memberships_on_channel_id_and_user_id ON public.memberships USING btree (channel_id, user_id);
CREATE INDEX index_messages_on_channel_id_and_created_at ON public.messages USING btree (channel_id, created_at);
CREATE UNIQUE INDEX index_messages_on_client_uuid ON public.messages USING btree (client_uuid);
CREATE UNIQUE INDEX index_reactions_on_message_id_and_user_id_and_emoji ON public.reactions USING btree (message_id, user_id, emoji);
CREATE INDEX index_attachments_on_record ON public.attachments USING btree (record_type, record_id);

ALTER TABLE ONLY public.users ADD CONSTRAINT fk_rails_61ac11da2b FOREIGN KEY (account_id) REFERENCES public.accounts(id);
ALTER TABLE ONLY public.channels ADD CONSTRAINT fk_rails_0c8e1d5a3b FOREIGN KEY (account_id) REFERENCES public.accounts(id);
ALTER TABLE ONLY public.channels ADD CONSTRAINT fk_rails_1f2c3a4b5d FOREIGN KEY (creator_id) REFERENCES public.users(id) ON DELETE SET NULL;
ALTER TABLE ONLY public.memberships ADD CONSTRAINT fk_rails_99326fb65d FOREIGN KEY (user_id) REFERENCES public.users(id);
ALTER TABLE ONLY public.memberships ADD CONSTRAINT fk_rails_aa0d2c9a1e FOREIGN KEY (channel_id) REFERENCES public.channels(id);
ALTER TABLE ONLY public.messages ADD CONSTRAINT fk_rails_b8f26a382d FOREIGN KEY (channel_id) REFERENCES public.channels(id);
ALTER TABLE ONLY public.messages ADD CONSTRAINT fk_rails_273a25a7a6 FOREIGN KEY (user_id) REFERENCES public.users(id);
ALTER TABLE ONLY public.messages ADD CONSTRAINT fk_rails_1e2d3c4b5a FOREIGN KEY (parent_id) REFERENCES public.messages(id);
ALTER TABLE ONLY public.reactions ADD CONSTRAINT fk_rails_9f02fc96a0 FOREIGN KEY (message_id) REFERENCES public.messages(id) ON DELETE CASCADE;
ALTER TABLE ONLY public.reactions ADD CONSTRAINT fk_rails_c1e2d3f4a5 FOREIGN KEY (user_id) REFERENCES public.users(id);

SET search_path TO "$user", public;

INSERT INTO "schema_migrations" (version) VALUES
('20240101000001'),
('20240215101010'),
('20240320121212');
