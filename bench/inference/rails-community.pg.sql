-- A Rails 7 app's db/structure.sql (pg_dump format): Devise users, articles,
-- polymorphic comments and taggings, Active Storage, Action Text.
SET statement_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);

CREATE TABLE public.users (
    id bigint NOT NULL, -- @ sequence
    email character varying DEFAULT ''::character varying NOT NULL, -- @ internet.email
    encrypted_password character varying DEFAULT ''::character varying NOT NULL, -- @ $HASH
    reset_password_token character varying, -- @ $TOKEN
    reset_password_sent_at timestamp(6) without time zone, -- @ $DATE 2015..2026
    remember_created_at timestamp(6) without time zone, -- @ $DATE 2015..2026
    sign_in_count integer DEFAULT 0 NOT NULL, -- @ number.int 0..5000
    current_sign_in_at timestamp(6) without time zone, -- @ $DATE 2015..2026
    last_sign_in_at timestamp(6) without time zone, -- @ $DATE 2015..2026
    current_sign_in_ip inet, -- @ $IP
    last_sign_in_ip inet, -- @ $IP
    confirmation_token character varying, -- @ $TOKEN
    confirmed_at timestamp(6) without time zone, -- @ $DATE 2015..2026
    confirmation_sent_at timestamp(6) without time zone, -- @ $DATE 2015..2026
    unconfirmed_email character varying, -- @ internet.email
    failed_attempts integer DEFAULT 0 NOT NULL, -- @ number.int 0..20
    unlock_token character varying, -- @ $TOKEN
    locked_at timestamp(6) without time zone, -- @ $DATE 2015..2026
    first_name character varying, -- @ person.firstName
    last_name character varying, -- @ person.lastName
    username character varying NOT NULL, -- @ internet.username
    bio text, -- @ person.bio|$TEXT
    website_url character varying, -- @ internet.url
    time_zone character varying DEFAULT 'UTC'::character varying, -- @ location.timeZone
    admin boolean DEFAULT false NOT NULL, -- @ $BOOL
    created_at timestamp(6) without time zone NOT NULL, -- @ $DATE 2015..2026
    updated_at timestamp(6) without time zone NOT NULL -- @ $DATE 2015..2026
);

CREATE TABLE public.articles (
    id bigint NOT NULL, -- @ sequence
    user_id bigint NOT NULL, -- @ ref
    title character varying NOT NULL, -- @ $TITLE
    slug character varying NOT NULL, -- @ lorem.slug
    summary text, -- @ $TEXT
    published_at timestamp(6) without time zone, -- @ $DATE 2015..2026
    comments_count integer DEFAULT 0 NOT NULL, -- @ number.int 0..500
    views_count integer DEFAULT 0 NOT NULL, -- @ number.int 0..1000000
    featured boolean DEFAULT false, -- @ $BOOL
    reading_time_minutes integer, -- @ number.int 1..60
    cover_image_url character varying, -- @ $IMAGE
    created_at timestamp(6) without time zone NOT NULL, -- @ $DATE 2015..2026
    updated_at timestamp(6) without time zone NOT NULL -- @ $DATE 2015..2026
);

CREATE TABLE public.comments (
    id bigint NOT NULL, -- @ sequence
    commentable_type character varying NOT NULL, -- @ weighted|constant
    commentable_id bigint NOT NULL, -- @ number.int|ref
    user_id bigint NOT NULL, -- @ ref
    body text NOT NULL, -- @ $TEXT
    parent_id bigint, -- @ ref|number.int
    created_at timestamp(6) without time zone NOT NULL, -- @ $DATE 2015..2026
    updated_at timestamp(6) without time zone NOT NULL -- @ $DATE 2015..2026
);

CREATE TABLE public.tags (
    id bigint NOT NULL, -- @ sequence
    name character varying NOT NULL, -- @ word.noun|lorem.word|word.adjective
    taggings_count integer DEFAULT 0 -- @ number.int 0..10000
);

CREATE TABLE public.taggings (
    id bigint NOT NULL, -- @ sequence
    tag_id bigint, -- @ ref
    taggable_type character varying, -- @ weighted|constant
    taggable_id bigint, -- @ number.int|ref
    tagger_type character varying, -- @ weighted|constant
    tagger_id bigint, -- @ number.int|ref
    context character varying(128), -- @ weighted|word.noun|lorem.word
    created_at timestamp without time zone -- @ $DATE 2015..2026
);

CREATE TABLE public.active_storage_blobs (
    id bigint NOT NULL, -- @ sequence
    key character varying NOT NULL, -- @ $TOKEN
    filename character varying NOT NULL, -- @ system.fileName|system.commonFileName
    content_type character varying, -- @ system.mimeType
    metadata text, -- @ $JSON|$TEXT
    service_name character varying NOT NULL, -- @ weighted|constant|word.noun|lorem.word
    byte_size bigint NOT NULL, -- @ number.int 0..10000000000
    checksum character varying, -- @ $TOKEN
    created_at timestamp(6) without time zone NOT NULL -- @ $DATE 2015..2026
);

CREATE TABLE public.active_storage_attachments (
    id bigint NOT NULL, -- @ sequence
    name character varying NOT NULL, -- @ weighted|constant|word.noun|lorem.word
    record_type character varying NOT NULL, -- @ weighted|constant
    record_id bigint NOT NULL, -- @ number.int|ref
    blob_id bigint NOT NULL, -- @ ref
    created_at timestamp(6) without time zone NOT NULL -- @ $DATE 2015..2026
);

CREATE TABLE public.action_text_rich_texts (
    id bigint NOT NULL, -- @ sequence
    name character varying NOT NULL, -- @ weighted|constant|word.noun|lorem.word
    body text, -- @ $TEXT
    record_type character varying NOT NULL, -- @ weighted|constant
    record_id bigint NOT NULL, -- @ number.int|ref
    created_at timestamp(6) without time zone NOT NULL, -- @ $DATE 2015..2026
    updated_at timestamp(6) without time zone NOT NULL -- @ $DATE 2015..2026
);

CREATE TABLE public.ar_internal_metadata (
    key character varying NOT NULL, -- @ $CODE|word.noun|lorem.word
    value character varying, -- @ $WORDS|$CODE
    created_at timestamp(6) without time zone NOT NULL, -- @ $DATE 2015..2026
    updated_at timestamp(6) without time zone NOT NULL -- @ $DATE 2015..2026
);

CREATE TABLE public.schema_migrations (
    version character varying NOT NULL -- @ $CODE|string.numeric|system.semver
);

ALTER TABLE ONLY public.users ADD CONSTRAINT users_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.articles ADD CONSTRAINT articles_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.comments ADD CONSTRAINT comments_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.tags ADD CONSTRAINT tags_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.taggings ADD CONSTRAINT taggings_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.active_storage_blobs ADD CONSTRAINT active_storage_blobs_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.active_storage_attachments ADD CONSTRAINT active_storage_attachments_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.action_text_rich_texts ADD CONSTRAINT action_text_rich_texts_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.ar_internal_metadata ADD CONSTRAINT ar_internal_metadata_pkey PRIMARY KEY (key);
ALTER TABLE ONLY public.schema_migrations ADD CONSTRAINT schema_migrations_pkey PRIMARY KEY (version);
CREATE UNIQUE INDEX index_users_on_email ON public.users USING btree (email);
CREATE UNIQUE INDEX index_users_on_username ON public.users USING btree (username);
CREATE UNIQUE INDEX index_users_on_reset_password_token ON public.users USING btree (reset_password_token);
CREATE UNIQUE INDEX index_articles_on_slug ON public.articles USING btree (slug);
CREATE UNIQUE INDEX index_tags_on_name ON public.tags USING btree (name);
CREATE UNIQUE INDEX index_active_storage_blobs_on_key ON public.active_storage_blobs USING btree (key);
CREATE INDEX index_comments_on_commentable ON public.comments USING btree (commentable_type, commentable_id);
ALTER TABLE ONLY public.articles ADD CONSTRAINT fk_rails_3d31dad1cc FOREIGN KEY (user_id) REFERENCES public.users(id);
ALTER TABLE ONLY public.comments ADD CONSTRAINT fk_rails_03de2dc08c FOREIGN KEY (user_id) REFERENCES public.users(id);
ALTER TABLE ONLY public.comments ADD CONSTRAINT fk_rails_31554e7034 FOREIGN KEY (parent_id) REFERENCES public.comments(id);
ALTER TABLE ONLY public.taggings ADD CONSTRAINT fk_rails_9fcd2e236b FOREIGN KEY (tag_id) REFERENCES public.tags(id);
ALTER TABLE ONLY public.active_storage_attachments ADD CONSTRAINT fk_rails_c3b3935057 FOREIGN KEY (blob_id) REFERENCES public.active_storage_blobs(id);

SET search_path TO "$user", public;

INSERT INTO "schema_migrations" (version) VALUES
('20240105101500'),
('20240212093000');
