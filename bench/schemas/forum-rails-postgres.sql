SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
CREATE EXTENSION IF NOT EXISTS hstore WITH SCHEMA public;
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

CREATE TABLE public.users (
    id integer NOT NULL,
    username character varying(60) NOT NULL,
    username_lower character varying(60) NOT NULL,
    name character varying,
    active boolean DEFAULT false NOT NULL,
    trust_level integer NOT NULL,
    admin boolean DEFAULT false NOT NULL,
    moderator boolean DEFAULT false,
    ip_address inet,
    uploaded_avatar_id integer,
    locale character varying(10),
    primary_group_id integer,
    title character varying,
    flair_group_id integer,
    last_seen_at timestamp without time zone,
    created_at timestamp without time zone NOT NULL,
    updated_at timestamp without time zone NOT NULL,
    CONSTRAINT users_trust_level_check CHECK ((trust_level >= 0) AND (trust_level <= 4))
);
CREATE SEQUENCE public.users_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.users_id_seq OWNED BY public.users.id;

CREATE TABLE public.user_emails (
    id integer NOT NULL,
    user_id integer NOT NULL,
    email character varying(513) NOT NULL,
    "primary" boolean DEFAULT false NOT NULL,
    normalized_email character varying,
    created_at timestamp without time zone NOT NULL,
    updated_at timestamp without time zone NOT NULL,
    CONSTRAINT user_emails_email_check CHECK (((email)::text ~* '^[^@]+@[^@]+$'::text)) NOT VALID
);
CREATE SEQUENCE public.user_emails_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.user_emails_id_seq OWNED BY public.user_emails.id;

CREATE TABLE public.categories (
    id integer NOT NULL,
    name character varying(50) NOT NULL,
    color character varying(6) DEFAULT '0088CC'::character varying NOT NULL,
    slug character varying NOT NULL,
    description text,
    parent_category_id integer,
    position integer,
    topic_count integer DEFAULT 0 NOT NULL,
    custom_fields public.hstore,
    created_at timestamp without time zone NOT NULL,
    updated_at timestamp without time zone NOT NULL
);
CREATE SEQUENCE public.categories_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.categories_id_seq OWNED BY public.categories.id;

CREATE TABLE public.topics (
    id integer NOT NULL,
    title character varying NOT NULL,
    fancy_title character varying(400),
    last_posted_at timestamp without time zone,
    views integer DEFAULT 0 NOT NULL,
    posts_count integer DEFAULT 0 NOT NULL,
    user_id integer,
    category_id integer,
    closed boolean DEFAULT false NOT NULL,
    archetype character varying DEFAULT 'regular'::character varying NOT NULL,
    tags character varying[] DEFAULT '{}'::character varying[] NOT NULL,
    deleted_at timestamp without time zone,
    excerpt character varying,
    created_at timestamp without time zone NOT NULL,
    updated_at timestamp without time zone NOT NULL,
    CONSTRAINT has_category_id CHECK (((category_id IS NOT NULL) OR ((archetype)::text <> 'regular'::text))),
    CONSTRAINT pm_has_no_category CHECK (((category_id IS NULL) OR ((archetype)::text <> 'private_message'::text)))
);
CREATE SEQUENCE public.topics_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.topics_id_seq OWNED BY public.topics.id;

CREATE TABLE public.posts (
    id integer NOT NULL,
    user_id integer,
    topic_id integer NOT NULL,
    post_number integer NOT NULL,
    raw text NOT NULL,
    cooked text NOT NULL,
    reply_to_post_number integer,
    reply_count integer DEFAULT 0 NOT NULL,
    deleted_at timestamp without time zone,
    like_count integer DEFAULT 0 NOT NULL,
    search_data tsvector,
    word_count integer,
    created_at timestamp without time zone NOT NULL,
    updated_at timestamp without time zone NOT NULL
);
CREATE SEQUENCE public.posts_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.posts_id_seq OWNED BY public.posts.id;

CREATE TABLE public.post_actions (
    id integer NOT NULL,
    post_id integer NOT NULL,
    user_id integer NOT NULL,
    post_action_type_id integer NOT NULL,
    deleted_at timestamp without time zone,
    created_at timestamp without time zone NOT NULL,
    updated_at timestamp without time zone NOT NULL
);
CREATE SEQUENCE public.post_actions_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.post_actions_id_seq OWNED BY public.post_actions.id;

ALTER TABLE ONLY public.users ALTER COLUMN id SET DEFAULT nextval('public.users_id_seq'::regclass);
ALTER TABLE ONLY public.user_emails ALTER COLUMN id SET DEFAULT nextval('public.user_emails_id_seq'::regclass);
ALTER TABLE ONLY public.categories ALTER COLUMN id SET DEFAULT nextval('public.categories_id_seq'::regclass);
ALTER TABLE ONLY public.topics ALTER COLUMN id SET DEFAULT nextval('public.topics_id_seq'::regclass);
ALTER TABLE ONLY public.posts ALTER COLUMN id SET DEFAULT nextval('public.posts_id_seq'::regclass);
ALTER TABLE ONLY public.post_actions ALTER COLUMN id SET DEFAULT nextval('public.post_actions_id_seq'::regclass);

ALTER TABLE ONLY public.users ADD CONSTRAINT users_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.user_emails ADD CONSTRAINT user_emails_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.categories ADD CONSTRAINT categories_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.topics ADD CONSTRAINT topics_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.posts ADD CONSTRAINT posts_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.post_actions ADD CONSTRAINT post_actions_pkey PRIMARY KEY (id);

CREATE UNIQUE INDEX index_users_on_username_lower ON public.users USING btree (username_lower);
CREATE UNIQUE INDEX index_users_on_username ON public.users USING btree (username);
CREATE UNIQUE INDEX index_user_emails_on_email ON public.user_emails USING btree (lower((email)::text));
CREATE UNIQUE INDEX index_user_emails_on_user_id_and_primary ON public.user_emails USING btree (user_id, "primary") WHERE "primary";
CREATE UNIQUE INDEX unique_index_categories_on_name ON public.categories USING btree (COALESCE(parent_category_id, '-1'::integer), name);
CREATE UNIQUE INDEX unique_index_categories_on_slug ON public.categories USING btree (COALESCE(parent_category_id, '-1'::integer), slug) WHERE ((slug)::text <> ''::text);
CREATE UNIQUE INDEX index_posts_on_topic_id_and_post_number ON public.posts USING btree (topic_id, post_number);
CREATE INDEX idx_posts_search ON public.posts USING gin (search_data);
CREATE INDEX index_topics_on_title_trgm ON public.topics USING gin (title public.gin_trgm_ops);
CREATE UNIQUE INDEX idx_unique_actions ON public.post_actions USING btree (user_id, post_action_type_id, post_id) WHERE (deleted_at IS NULL);

ALTER TABLE ONLY public.user_emails ADD CONSTRAINT fk_rails_user_emails_user FOREIGN KEY (user_id) REFERENCES public.users(id);
ALTER TABLE ONLY public.posts ADD CONSTRAINT fk_rails_posts_topic FOREIGN KEY (topic_id) REFERENCES public.topics(id);
