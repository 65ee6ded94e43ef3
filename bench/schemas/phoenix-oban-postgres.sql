--
-- PostgreSQL database dump (mix ecto.dump: a Phoenix app with phx.gen.auth and Oban)
--

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

CREATE TYPE public.oban_job_state AS ENUM (
    'available',
    'scheduled',
    'executing',
    'retryable',
    'completed',
    'discarded',
    'cancelled'
);

SET default_tablespace = '';

SET default_table_access_method = heap;

CREATE TABLE public.oban_jobs (
    id bigint NOT NULL,
    state public.oban_job_state DEFAULT 'available'::public.oban_job_state NOT NULL,
    queue text DEFAULT 'default'::text NOT NULL, -- @ weighted
    worker text NOT NULL, -- @ weighted|$CODE|lorem.words|system.fileName
    args jsonb DEFAULT '{}'::jsonb NOT NULL,
    errors jsonb[] DEFAULT ARRAY[]::jsonb[] NOT NULL,
    attempt integer DEFAULT 0 NOT NULL, -- @ $INT 0..20
    max_attempts integer DEFAULT 20 NOT NULL, -- @ $INT 1..20
    inserted_at timestamp without time zone DEFAULT timezone('UTC'::text, now()) NOT NULL,
    scheduled_at timestamp without time zone DEFAULT timezone('UTC'::text, now()) NOT NULL,
    attempted_at timestamp without time zone,
    completed_at timestamp without time zone,
    attempted_by text[],
    discarded_at timestamp without time zone,
    priority integer DEFAULT 0 NOT NULL, -- @ $INT 0..9
    tags text[] DEFAULT ARRAY[]::text[],
    meta jsonb DEFAULT '{}'::jsonb,
    cancelled_at timestamp without time zone,
    CONSTRAINT attempt_range CHECK (((attempt >= 0) AND (attempt <= max_attempts))),
    CONSTRAINT non_negative_priority CHECK ((priority >= 0)),
    CONSTRAINT positive_max_attempts CHECK ((max_attempts > 0)),
    CONSTRAINT queue_length CHECK (((char_length(queue) > 0) AND (char_length(queue) < 128))),
    CONSTRAINT worker_length CHECK (((char_length(worker) > 0) AND (char_length(worker) < 128)))
);

CREATE SEQUENCE public.oban_jobs_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.oban_jobs_id_seq OWNED BY public.oban_jobs.id;

CREATE UNLOGGED TABLE public.oban_peers (
    name text NOT NULL, -- @ weighted|$CODE|lorem.words|word.noun
    node text NOT NULL, -- @ internet.domainName|weighted|$CODE|lorem.words
    started_at timestamp without time zone NOT NULL,
    expires_at timestamp without time zone NOT NULL
);

CREATE TABLE public.schema_migrations (
    version bigint NOT NULL,
    inserted_at timestamp(0) without time zone
);

CREATE TABLE public.users (
    id bigint NOT NULL,
    email public.citext NOT NULL, -- @ internet.email
    hashed_password character varying(255), -- @ $HASH
    confirmed_at timestamp(0) without time zone,
    name character varying(255), -- @ person.fullName
    locale character varying(255) DEFAULT 'en'::character varying NOT NULL, -- @ weighted
    timezone character varying(255), -- @ location.timeZone
    inserted_at timestamp(0) without time zone NOT NULL,
    updated_at timestamp(0) without time zone NOT NULL
);

CREATE SEQUENCE public.users_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.users_id_seq OWNED BY public.users.id;

CREATE TABLE public.users_tokens (
    id bigint NOT NULL,
    user_id bigint NOT NULL,
    token bytea NOT NULL,
    context character varying(255) NOT NULL, -- @ weighted
    sent_to character varying(255), -- @ internet.email
    authenticated_at timestamp(0) without time zone,
    inserted_at timestamp(0) without time zone NOT NULL
);

CREATE SEQUENCE public.users_tokens_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.users_tokens_id_seq OWNED BY public.users_tokens.id;

CREATE TABLE public.subscriptions (
    id uuid NOT NULL,
    user_id bigint NOT NULL,
    stripe_subscription_id character varying(255), -- @ regex|$CODE
    stripe_price_id character varying(255), -- @ regex|$CODE
    status character varying(255) NOT NULL, -- @ weighted
    interval character varying(255), -- @ weighted
    amount_cents integer NOT NULL, -- @ $MONEY 100..100000
    currency character varying(3) DEFAULT 'usd'::character varying NOT NULL, -- @ finance.currencyCode|weighted
    current_period_end timestamp(0) without time zone,
    cancel_at_period_end boolean DEFAULT false NOT NULL,
    inserted_at timestamp(0) without time zone NOT NULL,
    updated_at timestamp(0) without time zone NOT NULL
);

ALTER TABLE ONLY public.oban_jobs ALTER COLUMN id SET DEFAULT nextval('public.oban_jobs_id_seq'::regclass);

ALTER TABLE ONLY public.users ALTER COLUMN id SET DEFAULT nextval('public.users_id_seq'::regclass);

ALTER TABLE ONLY public.users_tokens ALTER COLUMN id SET DEFAULT nextval('public.users_tokens_id_seq'::regclass);

ALTER TABLE ONLY public.oban_jobs
    ADD CONSTRAINT oban_jobs_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.oban_peers
    ADD CONSTRAINT oban_peers_pkey PRIMARY KEY (name);

ALTER TABLE ONLY public.schema_migrations
    ADD CONSTRAINT schema_migrations_pkey PRIMARY KEY (version);

ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.users_tokens
    ADD CONSTRAINT users_tokens_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.subscriptions
    ADD CONSTRAINT subscriptions_pkey PRIMARY KEY (id);

CREATE INDEX oban_jobs_args_index ON public.oban_jobs USING gin (args);

CREATE INDEX oban_jobs_meta_index ON public.oban_jobs USING gin (meta);

CREATE INDEX oban_jobs_state_queue_priority_scheduled_at_id_index ON public.oban_jobs USING btree (state, queue, priority, scheduled_at, id);

CREATE UNIQUE INDEX users_email_index ON public.users USING btree (email);

CREATE INDEX users_tokens_user_id_index ON public.users_tokens USING btree (user_id);

CREATE UNIQUE INDEX users_tokens_context_token_index ON public.users_tokens USING btree (context, token);

CREATE UNIQUE INDEX subscriptions_stripe_subscription_id_index ON public.subscriptions USING btree (stripe_subscription_id);

ALTER TABLE ONLY public.users_tokens
    ADD CONSTRAINT users_tokens_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.subscriptions
    ADD CONSTRAINT subscriptions_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- PostgreSQL database dump complete
--

INSERT INTO public."schema_migrations" (version) VALUES (20240101000000);
INSERT INTO public."schema_migrations" (version) VALUES (20240102120000);
INSERT INTO public."schema_migrations" (version) VALUES (20240305093000);
